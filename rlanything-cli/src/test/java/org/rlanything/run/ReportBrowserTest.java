package org.rlanything.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.cli.Main;

/**
 * Opens a real run's report.html in headless Chromium (Debian's package, installed by scripts/test)
 * with the network off: the page must render without script or console errors, and every chart must
 * be drawn from non-empty data (points in the chart, painted pixels on its canvas).
 */
class ReportBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    @TempDir Path dir;

    @Test
    void theReportRendersItsChartsWithoutErrors() throws Exception {
        assertTrue(
                Files.isExecutable(CHROMIUM),
                "This test needs Debian's chromium at "
                        + CHROMIUM
                        + "; scripts/test installs it (apt-get install chromium).");
        Path run = dir.resolve("run");
        StringWriter out = new StringWriter();
        Path config = Path.of("..", "configs", "demo.yaml");
        assertEquals(
                0,
                Main.run(
                        new PrintWriter(out),
                        new PrintWriter(out),
                        "train",
                        config.toString(),
                        "-q",
                        "trainer.iterations=15",
                        "trainer.run_dir=" + run),
                out.toString());
        Path report = run.resolve("report.html");
        String html = Files.readString(report);
        assertFalse(html.contains("src=\"http"), "self-contained: no external scripts");
        assertFalse(html.contains("href=\"http"), "self-contained: no external styles");

        Process browser =
                new ProcessBuilder(
                                CHROMIUM.toString(),
                                "--headless",
                                "--no-sandbox",
                                "--disable-gpu",
                                "--disable-quic",
                                "--no-first-run",
                                "--disable-background-networking",
                                "--disable-component-update",
                                "--disable-sync",
                                "--user-data-dir=" + dir.resolve("profile"),
                                "--enable-logging=stderr",
                                "--v=0",
                                "--window-size=1400,1000",
                                "--virtual-time-budget=5000",
                                "--dump-dom",
                                report.toUri().toString())
                        .redirectOutput(dir.resolve("dom.html").toFile())
                        .redirectError(dir.resolve("browser.log").toFile())
                        .start();
        assertTrue(browser.waitFor(60, TimeUnit.SECONDS), "chromium finished");
        String dom = Files.readString(dir.resolve("dom.html"));
        String log = Files.readString(dir.resolve("browser.log"));

        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        assertTrue(body.find(), "the browser produced the page: " + log);
        ObjectMapper json = new ObjectMapper();
        String attributes = body.group(1).replace("&quot;", "\"");
        assertEquals("[]", attribute(attributes, "data-errors"), "no script errors");
        JsonNode points = json.readTree(attribute(attributes, "data-chart-points"));
        JsonNode pixels = json.readTree(attribute(attributes, "data-chart-pixels"));
        JsonNode baselines = json.readTree(attribute(attributes, "data-baselines"));
        assertEquals(
                Integer.toString(points.size()),
                attribute(attributes, "data-charts"),
                "every chart with data drawn: " + points);
        // every chart drawn from data; those of a figure with a trivial baseline draw it
        Map<String, Boolean> expected = new java.util.LinkedHashMap<>();
        for (String chart :
                List.of(
                        "overview-policy",
                        "overview-judge",
                        "overview-judge-mu",
                        "overview-judge-plain",
                        "overview-pool",
                        "success",
                        "reward-model-balanced-1",
                        "reward-model-plain",
                        "reward-model-mu",
                        "pool")) {
            expected.put(chart, true);
        }
        expected.put("losses", false);
        expected.put("timing-1", false);
        expected.forEach(
                (chart, baseline) -> {
                    assertTrue(points.path(chart).asInt() > 0, chart + " has data: " + points);
                    assertTrue(
                            pixels.path(chart).asInt() > 1000,
                            chart + " painted its canvas: " + pixels);
                    if (baseline) {
                        assertTrue(
                                baselines.path(chart).size() > 0,
                                chart + " has a baseline: " + baselines);
                    }
                    for (JsonNode b : baselines.path(chart)) {
                        double need = b.path("y").isNumber() ? 0.33 : 0.5;
                        assertTrue(b.get("share").asDouble() > need, chart + " draws " + b);
                    }
                });
        // at most 5 series a chart: the 14 accuracy figures of a run are cut into several charts
        Matcher data =
                Pattern.compile(
                                "<script id=\"report-data\" type=\"application/json\">(.*?)</script>",
                                Pattern.DOTALL)
                        .matcher(html);
        assertTrue(data.find());
        for (JsonNode spec : json.readTree(data.group(1).replace("<\\/", "</")).get("charts")) {
            assertTrue(spec.get("series").size() <= 5, spec.get("id") + " has at most 5 series");
        }
        for (String line : log.split("\n")) {
            if (line.contains("CONSOLE")) {
                assertFalse(
                        line.contains("Error") || line.contains("Uncaught"),
                        "console error: " + line);
            }
        }
        assertTrue(dom.contains("Sample trajectories"));
        assertTrue(
                dom.indexOf("class=\"overview\"") >= 0
                        && dom.indexOf("class=\"overview\"") < dom.indexOf("class=\"summary\""),
                "the report leads with the overview; the full table follows");
        assertTrue(
                dom.contains("0.5 (any constant judge)"), "the judge's figure with its baseline");
        assertTrue(dom.contains("class=\"v1\""), "verdicts shown per step");
    }

    private static String attribute(String attributes, String name) {
        Matcher matcher =
                Pattern.compile(name + "=\"([^\"]*(?:\"[^=\\s][^\"]*)*)\"(?=\\s|$)")
                        .matcher(attributes);
        if (!matcher.find()) {
            throw new AssertionError("no " + name + " in " + attributes);
        }
        return matcher.group(1);
    }
}
