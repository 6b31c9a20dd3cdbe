package org.rlanything.run.review;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.remote.RemoteWebDriver;
import org.rlanything.cli.Main;
import org.rlanything.run.RunFolder;

/**
 * {@code rlanything review} over a real run (configs/demo.yaml, 6 iterations), in headless Chromium
 * (Debian's chromium and chromium-driver) driven by Selenium: the page lists a step that
 * trajectories.jsonl holds, a correction made by clicking is written to corrections.jsonl and
 * undone by clicking, and writes without the token, from another origin or naming a step that does
 * not exist are refused with nothing changed. With {@code -Dreview.screenshots=DIR} it saves the
 * overview and a corrected trajectory as PNGs into DIR (docs/ keeps them).
 */
class ReviewBrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    private ChromeDriverService driverService;

    @Test
    void aPersonReadsAStepAndCorrectsItsVerdictByClicking() throws Exception {
        assertTrue(
                Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "This test needs Debian's chromium and chromium-driver (apt-get install chromium"
                        + " chromium-driver).");
        Path run = train();
        RunFolder folder = new RunFolder(run);
        // a step of the last iteration where the judge's majority is against the step label: the
        // person gives the label's answer
        JsonNode[] found = misjudgedStep(folder);
        JsonNode trajectory = found[0];
        int index = found[1].asInt();
        int iteration = trajectory.get("iteration").asInt();
        int slot = trajectory.get("slot").asInt();
        String task = trajectory.get("task").asText();
        JsonNode step = trajectory.get("steps").get(index);
        int verdict = step.get("label").asText().equals("good") ? 1 : -1;
        Path corrections = run.resolve("corrections.jsonl");

        try (ReviewServer server = ReviewServer.start(folder, "127.0.0.1", 0)) {
            WebDriver browser = browser();
            try {
                Waiter wait = new Waiter(browser);
                browser.get(server.url());
                wait.until(d -> body(d, "data-overview") != null);
                JsonNode overview = JSON.readTree(body(browser, "data-overview"));
                assertEquals(
                        5,
                        overview.get("charts").asInt(),
                        "policy, judge balanced accuracy, μ, plain accuracy and pool charts");
                assertTrue(overview.get("points").asInt() > 0);
                assertEveryChartDrawsItsBaseline(overview);
                String table = browser.findElement(By.id("overview-table")).getText();
                assertTrue(table.contains("balanced process accuracy"), table);
                assertTrue(table.contains("0.5 (any constant judge)"), table);
                assertTrue(table.contains("held out"), "held-out judge figures beside: " + table);
                assertFalse(
                        browser.getCurrentUrl().contains("token="),
                        "the token is taken off the address bar");
                screenshot(browser, "review-overview.png");

                browser.findElement(By.id("tab-trajectories")).click();
                wait.until(d -> body(d, "data-trajectories") != null);
                String rowId = "step-0-" + iteration + "-" + slot + "-" + index;
                WebElement row = browser.findElement(By.id(rowId));
                assertTrue(
                        row.getText().contains(step.get("action").asText()),
                        "the page shows the step's action: " + row.getText());

                String note = verdict > 0 ? "this step was needed" : "this step wastes a move";
                row.findElement(By.className("note")).sendKeys(note);
                row.findElement(By.className(verdict > 0 ? "set-plus" : "set-minus")).click();
                wait.until(
                        d ->
                                d.findElement(By.id(rowId))
                                        .getAttribute("class")
                                        .contains("corrected"));
                List<String> lines = Files.readAllLines(corrections);
                assertEquals(1, lines.size(), "one correction written: " + lines);
                JsonNode written = JSON.readTree(lines.get(0));
                assertEquals(iteration, written.get("iteration").asInt());
                assertEquals(slot, written.get("slot").asInt());
                assertEquals(task, written.get("task").asText());
                assertEquals(index, written.get("step").asInt());
                assertEquals(verdict, written.get("verdict").asInt());
                assertEquals(note, written.get("note").asText());
                ((JavascriptExecutor) browser)
                        .executeScript(
                                "document.getElementById(arguments[0]).scrollIntoView({block:'center'});",
                                rowId);
                screenshot(browser, "review-trajectory.png");
                smallItems(browser, wait, rowId, trajectory);

                byte[] before = Files.readAllBytes(corrections);
                String body =
                        "{\"iteration\":"
                                + iteration
                                + ",\"slot\":"
                                + slot
                                + ",\"task\":"
                                + JSON.writeValueAsString(task)
                                + ",\"step\":"
                                + index
                                + ",\"verdict\":1}";
                assertEquals(
                        403,
                        ReviewServerTest.get(
                                        server.port(),
                                        "/api/trajectories",
                                        null,
                                        java.util.Map.of())
                                .statusCode(),
                        "a read without the token");
                assertEquals(403, post(server, body, null, null).statusCode(), "no token");
                assertEquals(403, post(server, body, "0000", null).statusCode(), "wrong token");
                assertEquals(
                        403,
                        post(server, body, server.token(), "http://evil.example").statusCode(),
                        "another origin");
                HttpResponse<String> missing =
                        post(
                                server,
                                body.replace("\"step\":" + index, "\"step\":999"),
                                server.token(),
                                null);
                assertEquals(400, missing.statusCode());
                assertTrue(missing.body().contains("does not exist"), missing.body());
                assertEquals(
                        403,
                        rawStatus(server.port(), "evil.example:" + server.port()),
                        "DNS rebinding");
                assertArrayEquals(before, Files.readAllBytes(corrections), "nothing changed");
                assertEquals("[]", body(browser, "data-errors"), "no script errors");

                // the run, resumed for two more iterations, reports the correction in force
                StringWriter trained = new StringWriter();
                assertEquals(
                        0,
                        Main.run(
                                new PrintWriter(trained),
                                new PrintWriter(trained),
                                "train",
                                "--resume",
                                run.toString(),
                                "-q",
                                "trainer.iterations=8"),
                        trained.toString());
                List<JsonNode> metrics = folder.metrics().read();
                for (JsonNode line : metrics.subList(metrics.size() - 2, metrics.size())) {
                    assertEquals(1, line.path("corrections/in_force").asInt(), line.toString());
                    assertTrue(line.path("corrections/used").isNumber(), line.toString());
                }

                browser.findElement(By.id(rowId)).findElement(By.className("undo")).click();
                wait.until(
                        d ->
                                !d.findElement(By.id(rowId))
                                        .getAttribute("class")
                                        .contains("corrected"));
                assertEquals(2, Files.readAllLines(corrections).size(), "the undo is appended");
                assertTrue(folder.corrections().inForce(folder.trajectories().read()).isEmpty());
            } finally {
                browser.quit();
                driverService.stop();
            }
        }
    }

    @Test
    void aPortInUseOrADamagedCorrectionsFileIsRefusedWithOneLine() throws Exception {
        Path run = train();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try (ServerSocket taken =
                new ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            int code =
                    Main.run(
                            new PrintWriter(out),
                            new PrintWriter(err),
                            "review",
                            run.toString(),
                            "--port",
                            Integer.toString(taken.getLocalPort()));
            assertEquals(2, code, err.toString());
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
            assertTrue(err.toString().contains("in use"), err.toString());
        }
        Path corrections = run.resolve("corrections.jsonl");
        Files.writeString(corrections, "{\"iteration\": 1, \"slot\": 0, \"task\": \"x\"\n");
        byte[] damaged = Files.readAllBytes(corrections);
        StringWriter err2 = new StringWriter();
        int code =
                Main.run(
                        new PrintWriter(out),
                        new PrintWriter(err2),
                        "review",
                        run.toString(),
                        "--port",
                        "0");
        assertEquals(2, code, err2.toString());
        assertEquals(1, err2.toString().strip().lines().count(), err2.toString());
        assertTrue(err2.toString().contains("corrections.jsonl, line 1"), err2.toString());
        assertArrayEquals(damaged, Files.readAllBytes(corrections), "nothing changed");
    }

    @Test
    void thePagesFollowARunThatGoesOnTraining() throws Exception {
        Path run = train();
        try (ReviewServer server = ReviewServer.start(new RunFolder(run), "127.0.0.1", 0)) {
            JsonNode before = get(server, "/api/trajectories");
            assertEquals("6", before.get("iteration").asText(), "the latest iteration by default");
            StringWriter out = new StringWriter();
            assertEquals(
                    0,
                    Main.run(
                            new PrintWriter(out),
                            new PrintWriter(out),
                            "train",
                            "--resume",
                            run.toString(),
                            "-q",
                            "trainer.iterations=8"),
                    out.toString());
            JsonNode after = get(server, "/api/trajectories");
            assertEquals("8", after.get("iteration").asText(), "the new iterations are read");
            assertTrue(
                    get(server, "/api/overview")
                            .get("html")
                            .asText()
                            .contains("latest iteration 8"));
            JsonNode filtered = get(server, "/api/trajectories?iteration=7&outcome=won&mark=split");
            for (JsonNode t : filtered.get("trajectories")) {
                assertEquals(7, t.get("iteration").asInt());
                assertTrue(t.get("won").asBoolean());
                boolean anySplit = false;
                for (JsonNode step : t.get("steps")) {
                    anySplit |= step.get("split").asBoolean() && step.get("match").asBoolean();
                }
                assertTrue(anySplit, "a shown trajectory has a split step: " + t);
            }
        }
    }

    private static JsonNode get(ReviewServer server, String path) throws Exception {
        HttpResponse<String> response =
                ReviewServerTest.get(server.port(), path, server.token(), java.util.Map.of());
        assertEquals(200, response.statusCode(), response.body());
        return JSON.readTree(response.body());
    }

    private Path train() {
        return train(dir.resolve("run"));
    }

    /** A 6-iteration demo run in {@code run}, with {@code overrides}. */
    static Path train(Path run, String... overrides) {
        StringWriter out = new StringWriter();
        List<String> args =
                new java.util.ArrayList<>(
                        List.of(
                                "train",
                                Path.of("..", "configs", "demo.yaml").toString(),
                                "-q",
                                "trainer.iterations=6",
                                "trainer.run_dir=" + run));
        args.addAll(List.of(overrides));
        assertEquals(
                0,
                Main.run(new PrintWriter(out), new PrintWriter(out), args.toArray(String[]::new)),
                out.toString());
        return run;
    }

    /**
     * Each chart of the page's record has at least one baseline, and each baseline is drawn: a
     * level one paints at least a third of its row across the plot in its colour (dashed), one that
     * changes per iteration shows its colour at more than half its points.
     */
    private static void assertEveryChartDrawsItsBaseline(JsonNode overview) {
        JsonNode baselines = overview.get("baselines");
        assertEquals(overview.get("charts").asInt(), baselines.size(), baselines.toString());
        baselines
                .fields()
                .forEachRemaining(
                        chart -> {
                            assertTrue(
                                    chart.getValue().size() > 0,
                                    chart.getKey() + " has a baseline");
                            for (JsonNode b : chart.getValue()) {
                                double need = b.path("y").isNumber() ? 0.33 : 0.5;
                                assertTrue(
                                        b.get("share").asDouble() > need,
                                        chart.getKey() + " draws " + b);
                            }
                        });
    }

    /**
     * Two runs of one folder (the full method and the policy alone, as an ablation writes them):
     * the overview is one table with a column per run and every chart overlays both runs with its
     * baseline drawn; the mark "judge against the label" lists exactly the steps whose majority
     * verdict contradicts the step label, with their count per iteration; the same task is found
     * across both runs.
     */
    @Test
    void theOverviewOfTwoRunsAndTheJudgesMistakesAgainstTheLabel() throws Exception {
        assertTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER));
        Path folder = dir.resolve("ablation");
        train(folder.resolve("runs").resolve("full"));
        train(folder.resolve("runs").resolve("policy-only"), "algorithm.arm=POLICY");
        List<ReviewRuns.Run> runs = ReviewRuns.find(List.of(folder));
        assertEquals(
                List.of("runs/full", "runs/policy-only"),
                runs.stream().map(ReviewRuns.Run::name).toList());
        try (ReviewServer server =
                ReviewServer.start(runs, new ReviewServer.Options("127.0.0.1", 0, List.of()))) {
            WebDriver browser = browser();
            try {
                Waiter wait = new Waiter(browser);
                // without the token the page loads, reads nothing and says why
                browser.get("http://127.0.0.1:" + server.port() + "/");
                wait.until(
                        d ->
                                d.findElement(By.id("token-state")).getText().startsWith("no token")
                                        && d.findElement(By.id("message"))
                                                .getAttribute("class")
                                                .equals("error"));
                assertTrue(browser.findElements(By.cssSelector("#overview-table tr")).isEmpty());
                browser.get(server.url());
                wait.until(d -> body(d, "data-overview") != null);
                JsonNode overview = JSON.readTree(body(browser, "data-overview"));
                assertEquals(2, overview.get("runs").asInt());
                List<WebElement> columns =
                        browser.findElements(By.cssSelector("#overview-table th.run"));
                assertEquals(
                        List.of("runs/full", "runs/policy-only"),
                        columns.stream().map(WebElement::getText).toList(),
                        "a column per run");
                for (WebElement row :
                        browser.findElements(By.cssSelector("#overview-table tr[data-key]"))) {
                    assertEquals(
                            2, row.findElements(By.cssSelector("td.figure")).size(), row.getText());
                }
                assertTrue(overview.get("charts").asInt() >= 8, overview.toString());
                overview.get("series")
                        .fields()
                        .forEachRemaining(
                                chart ->
                                        assertEquals(
                                                "[\"runs/full\",\"runs/policy-only\"]",
                                                chart.getValue().toString(),
                                                chart.getKey() + " overlays both runs"));
                assertEveryChartDrawsItsBaseline(overview);
                screenshot(browser, "review-compare.png");

                // the judge against the label, in the latest iteration of the first run
                browser.findElement(By.id("tab-trajectories")).click();
                wait.until(d -> body(d, "data-trajectories") != null);
                choose(browser, "f-mark", "label");
                wait.until(
                        d ->
                                body(d, "data-trajectories") != null
                                        && body(d, "data-trajectories").contains("\"matching\"")
                                        && browser.findElement(By.id("f-mark"))
                                                .getAttribute("value")
                                                .equals("label")
                                        && markedRowsOnly(d));
                JsonNode shown = JSON.readTree(body(browser, "data-trajectories"));
                RunFolder first = runs.get(0).folder();
                List<JsonNode> saved = first.trajectories().read();
                int last = saved.get(saved.size() - 1).get("iteration").asInt();
                java.util.Set<String> expected = new java.util.TreeSet<>();
                for (JsonNode[] found : stepsAgainstTheLabel(first)) {
                    expected.add(
                            "step-0-"
                                    + last
                                    + "-"
                                    + found[0].get("slot").asInt()
                                    + "-"
                                    + found[1].asInt());
                }
                int againstLabel = expected.size();
                int steps = 0;
                for (JsonNode t : saved) {
                    steps += t.get("iteration").asInt() == last ? t.get("steps").size() : 0;
                }
                assertTrue(againstLabel > 0, "the demo's judge errs somewhere");
                java.util.Set<String> marked = new java.util.TreeSet<>();
                shown.get("marked").forEach(id -> marked.add(id.asText()));
                assertEquals(expected, marked, "exactly the steps against the label");
                for (String id : expected) {
                    assertTrue(
                            browser.findElement(By.id(id)).getText().contains("label"),
                            "marked on the page: " + id);
                }
                String counts = browser.findElement(By.id("mark-counts")).getText();
                assertTrue(
                        counts.contains(last + ": " + againstLabel + "/" + steps),
                        "the count per iteration: " + counts);
                screenshot(browser, "review-label.png");

                // the same task across both runs, every iteration
                String task = saved.get(0).get("task").asText();
                choose(browser, "f-mark", "");
                choose(browser, "f-run", "all");
                choose(browser, "f-iteration", "all");
                browser.findElement(By.id("f-task")).sendKeys(task);
                wait.until(
                        d -> {
                            List<WebElement> sections =
                                    d.findElements(By.cssSelector("section.trajectory"));
                            return !sections.isEmpty()
                                    && sections.stream()
                                            .allMatch(x -> x.getAttribute("data-task").equals(task))
                                    && sections.stream()
                                                    .map(x -> x.getAttribute("data-run"))
                                                    .distinct()
                                                    .count()
                                            == 2;
                        });
                assertEquals("[]", body(browser, "data-errors"), "no script errors");
            } finally {
                browser.quit();
                driverService.stop();
            }
        }
    }

    /**
     * The small things a person relies on: the header tells the task's accuracy and length; an
     * opened text stays open when the list is drawn again; the correction's row on the Corrections
     * tab says it is in force and leads to its step; the run's config is one click away.
     */
    private static void smallItems(
            WebDriver browser, Waiter wait, String rowId, JsonNode trajectory) throws Exception {
        WebElement section =
                browser.findElement(By.id(rowId))
                        .findElement(By.xpath("ancestor::section[@class='trajectory']"));
        String header = section.findElement(By.tagName("h3")).getText();
        assertTrue(
                header.contains("in " + trajectory.get("steps").size() + " steps")
                        && header.contains(
                                "task accuracy "
                                        + String.format(
                                                java.util.Locale.ROOT,
                                                "%.3f",
                                                trajectory.get("accuracy").asDouble())),
                header);
        browser.findElement(By.id(rowId)).findElement(By.tagName("summary")).click();
        browser.findElement(By.id("tab-trajectories")).click(); // drawn again
        wait.until(
                d ->
                        d.findElement(By.id(rowId))
                                        .findElement(By.tagName("details"))
                                        .getAttribute("open")
                                != null);

        browser.findElement(By.id("tab-corrections")).click();
        wait.until(
                d ->
                        !d.findElements(By.cssSelector("tr[data-standing='in_force'] a.to-step"))
                                .isEmpty());
        browser.navigate().refresh(); // the page as a person reloads it: token, page and texts kept
        wait.until(
                d ->
                        !d.findElements(By.cssSelector("tr[data-standing='in_force'] a.to-step"))
                                .isEmpty());
        browser.findElement(By.cssSelector("tr[data-standing='in_force'] a.to-step")).click();
        wait.until(
                d ->
                        d.findElement(By.id("page-trajectories")).isDisplayed()
                                && d.findElement(By.id(rowId))
                                        .getAttribute("class")
                                        .contains("target"));
        assertTrue(
                browser.findElement(By.id(rowId))
                                .findElement(By.tagName("details"))
                                .getAttribute("open")
                        != null,
                "the opened text is still open after a reload");

        browser.findElement(By.id("tab-overview")).click();
        wait.until(d -> !d.findElements(By.cssSelector("button.show-config")).isEmpty());
        browser.findElement(By.cssSelector("button.show-config")).click();
        wait.until(d -> d.findElement(By.id("config-text")).getText().contains("trainer:"));
        browser.findElement(By.id("tab-trajectories")).click();
        wait.until(d -> d.findElement(By.id(rowId)).isDisplayed());
    }

    /** Picks the option {@code value} of the select {@code id} as a person does: a click on it. */
    private static void choose(WebDriver browser, String id, String value)
            throws InterruptedException {
        // the page rebuilds its selects after each answer: an option gone meanwhile is a retry
        new Waiter(browser)
                .until(
                        d -> {
                            d.findElement(
                                            By.cssSelector(
                                                    "#" + id + " option[value='" + value + "']"))
                                    .click();
                            return d.findElement(By.id(id)).getAttribute("value").equals(value);
                        });
    }

    /** Whether the page shows the mark filter's result: every marked row is a label mark. */
    private static boolean markedRowsOnly(WebDriver browser) {
        String record = body(browser, "data-trajectories");
        if (record == null) {
            return false;
        }
        for (WebElement row : browser.findElements(By.cssSelector(".steps tr[id]"))) {
            boolean dim = row.getAttribute("class").contains("dim");
            boolean label = !row.findElements(By.cssSelector(".mark.label")).isEmpty();
            if (dim == label) {
                return false;
            }
        }
        return true;
    }

    /** The first step of the last iteration whose verdicts' majority is against its label. */
    private static JsonNode[] misjudgedStep(RunFolder folder) throws IOException {
        List<JsonNode[]> all = stepsAgainstTheLabel(folder);
        if (all.isEmpty()) {
            throw new AssertionError("no misjudged step saved in the last iteration");
        }
        return all.get(0);
    }

    /**
     * The steps of the last saved iteration whose valid verdicts' majority contradicts the step
     * label (-1 on a good step, +1 on a bad one), counted here from trajectories.jsonl:
     * {trajectory, step index}.
     */
    private static List<JsonNode[]> stepsAgainstTheLabel(RunFolder folder) throws IOException {
        List<JsonNode> saved = folder.trajectories().read();
        int last = saved.get(saved.size() - 1).get("iteration").asInt();
        List<JsonNode[]> out = new java.util.ArrayList<>();
        for (JsonNode t : saved) {
            if (t.get("iteration").asInt() != last) {
                continue;
            }
            for (int i = 0; i < t.get("steps").size(); i++) {
                JsonNode step = t.get("steps").get(i);
                int sum = 0;
                for (JsonNode v : step.withArray("verdicts")) {
                    sum += Integer.signum(v.asInt());
                }
                String label = step.path("label").asText();
                if (label.equals("good") && sum < 0 || label.equals("bad") && sum > 0) {
                    out.add(new JsonNode[] {t, JSON.getNodeFactory().numberNode(i)});
                }
            }
        }
        return out;
    }

    private WebDriver browser() throws IOException {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments(
                "--headless=new",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--window-size=1400,1000",
                "--user-data-dir=" + dir.resolve("profile"));
        ChromeDriverService service =
                new ChromeDriverService.Builder()
                        .usingDriverExecutable(CHROMEDRIVER.toFile())
                        .usingAnyFreePort()
                        .withLogOutput(OutputStream.nullOutputStream())
                        .build();
        service.start();
        // a plain RemoteWebDriver: ChromeDriver would look for DevTools bindings of this version
        driverService = service;
        return new RemoteWebDriver(service.getUrl(), options);
    }

    /**
     * Polls a condition on the page for up to 10 s (Selenium's support module is not on the path).
     */
    private record Waiter(WebDriver browser) {
        void until(java.util.function.Predicate<WebDriver> condition) throws InterruptedException {
            long end = System.nanoTime() + Duration.ofSeconds(10).toNanos();
            while (!holds(condition)) {
                if (System.nanoTime() > end) {
                    throw new AssertionError(
                            "the page did not reach the expected state in 10 s; errors: "
                                    + body(browser, "data-errors"));
                }
                Thread.sleep(50);
            }
        }

        /** The page re-renders its lists after each write: an element gone meanwhile is a retry. */
        private boolean holds(java.util.function.Predicate<WebDriver> condition) {
            try {
                return condition.test(browser);
            } catch (org.openqa.selenium.StaleElementReferenceException
                    | org.openqa.selenium.NoSuchElementException e) {
                return false;
            }
        }
    }

    private static String body(WebDriver browser, String attribute) {
        return browser.findElement(By.tagName("body")).getAttribute(attribute);
    }

    /** With -Dreview.screenshots=DIR: the browser's view as DIR/name. */
    private static void screenshot(WebDriver browser, String name) throws IOException {
        String target = System.getProperty("review.screenshots");
        if (target != null && !target.isBlank()) {
            Files.write(
                    Path.of(target).resolve(name),
                    ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
        }
    }

    private static HttpResponse<String> post(
            ReviewServer server, String body, String token, String origin) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(
                                URI.create(
                                        "http://127.0.0.1:" + server.port() + "/api/corrections"))
                        .header("Content-Type", "application/json")
                        .POST(HttpRequest.BodyPublishers.ofString(body));
        if (token != null) {
            request.header(RequestGuard.TOKEN_HEADER, token);
        }
        if (origin != null) {
            request.header("Origin", origin);
        }
        return HttpClient.newHttpClient()
                .send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** A GET with a foreign Host header (which HttpClient will not send): the status code. */
    private static int rawStatus(int port, String host) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
            socket.getOutputStream()
                    .write(
                            ("GET /api/overview HTTP/1.1\r\nHost: "
                                            + host
                                            + "\r\nConnection: close\r\n\r\n")
                                    .getBytes(StandardCharsets.US_ASCII));
            String status =
                    new String(socket.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
            return Integer.parseInt(status.substring(9, 12));
        }
    }
}
