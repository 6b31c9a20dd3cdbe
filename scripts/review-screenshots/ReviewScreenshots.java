import java.io.*;
import java.nio.file.*;
import java.time.Duration;
import java.util.*;
import java.util.regex.*;
import org.openqa.selenium.*;
import org.openqa.selenium.chrome.*;
import org.openqa.selenium.remote.RemoteWebDriver;

/**
 * The screenshots of docs/review.md: a real `rlanything review` process (the built jar) over real runs, driven in
 * headless Chromium (Debian's chromium and chromium-driver) with Selenium. Run by review-screenshots.sh, which
 * trains the runs; arguments: OUT_DIR JAR RUN ABLATION_FOLDER.
 */
public class ReviewScreenshots {
  static Process review; static String url; static String jar;
  static void start(String... runs) throws Exception {
    List<String> cmd = new ArrayList<>(List.of("java", "-jar", jar, "review"));
    cmd.addAll(List.of(runs)); cmd.addAll(List.of("--port", "0"));
    review = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    BufferedReader r = new BufferedReader(new InputStreamReader(review.getInputStream()));
    for (String line; (line = r.readLine()) != null; ) {
      System.out.println("review: " + line);
      Matcher m = Pattern.compile("^\\s+(http://\\S+token=\\S+)$").matcher(line);
      if (m.matches()) { url = m.group(1); break; }
    }
  }
  static void until(WebDriver d, java.util.function.Predicate<WebDriver> p) throws Exception {
    long end = System.nanoTime() + 15_000_000_000L;
    while (System.nanoTime() < end) { try { if (p.test(d)) return; } catch (WebDriverException e) {} Thread.sleep(100); }
    throw new AssertionError("timeout");
  }
  static void shot(WebDriver d, String name) throws Exception {
    Thread.sleep(300);
    Files.write(Path.of(args0).resolve(name), ((TakesScreenshot) d).getScreenshotAs(OutputType.BYTES));
    System.out.println("wrote " + name);
  }
  static String args0;
  static void choose(WebDriver d, String id, String value) throws Exception {
    until(d, x -> { x.findElement(By.cssSelector("#" + id + " option[value='" + value + "']")).click(); return x.findElement(By.id(id)).getAttribute("value").equals(value); });
  }
  public static void main(String[] args) throws Exception {
    args0 = args[0];
    jar = args[1];
    ChromeOptions o = new ChromeOptions();
    o.setBinary("/usr/bin/chromium");
    o.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--window-size=1400,1150", "--user-data-dir=" + Files.createTempDirectory("review-shots-profile"));
    ChromeDriverService svc = new ChromeDriverService.Builder().usingDriverExecutable(new File("/usr/bin/chromedriver")).usingAnyFreePort().withLogOutput(OutputStream.nullOutputStream()).build();
    svc.start();
    WebDriver d = new RemoteWebDriver(svc.getUrl(), o);
    try {
      // one run: overview, then a corrected step
      start(args[2]);
      d.get(url);
      until(d, x -> x.findElement(By.tagName("body")).getAttribute("data-overview") != null);
      shot(d, "review-overview.png");
      d.findElement(By.id("tab-trajectories")).click();
      until(d, x -> x.findElement(By.tagName("body")).getAttribute("data-trajectories") != null);
      choose(d, "f-mark", "label");
      Thread.sleep(1500);
      until(d, x -> x.findElements(By.cssSelector(".steps tr:not(.dim) .mark.label")).size() > 0);
      WebElement row = d.findElements(By.cssSelector(".steps tr[id]:not(.dim)")).get(0);
      String id = row.getAttribute("id");
      String label = row.findElements(By.tagName("td")).get(4).getText();
      row.findElement(By.className("note")).sendKeys(label.equals("good") ? "this step was needed" : "this step wastes a move");
      row.findElement(By.className(label.equals("good") ? "set-plus" : "set-minus")).click();
      until(d, x -> x.findElement(By.id(id)).getAttribute("class").contains("corrected"));
      d.findElement(By.id(id)).findElement(By.tagName("summary")).click();
      ((JavascriptExecutor) d).executeScript("document.getElementById(arguments[0]).scrollIntoView({block:'center'});", id);
      shot(d, "review-trajectory.png");
      review.destroy(); review.waitFor();
      // an ablation's folder: two runs side by side
      ((JavascriptExecutor) d).executeScript("sessionStorage.clear();");
      start(args[3]);
      d.get(url);
      until(d, x -> x.findElement(By.tagName("body")).getAttribute("data-overview") != null && x.findElement(By.tagName("body")).getAttribute("data-overview").contains("\"runs\":2"));
      shot(d, "review-compare.png");
      ((JavascriptExecutor) d).executeScript("window.scrollTo(0, document.getElementById('overview-charts').offsetTop - 10);");
      shot(d, "review-compare-curves.png");
      d.findElement(By.id("tab-trajectories")).click();
      until(d, x -> x.findElement(By.tagName("body")).getAttribute("data-trajectories") != null);
      choose(d, "f-run", "1");
      choose(d, "f-iteration", "all");
      choose(d, "f-mark", "label");
      choose(d, "f-sort", "confidence");
      until(d, x -> x.findElements(By.cssSelector(".steps tr:not(.dim) .mark.label")).size() > 0 && x.findElement(By.id("f-sort")).getAttribute("value").equals("confidence"));
      Thread.sleep(1500);
      d.findElement(By.id("f-only")).click();
      Thread.sleep(500);
      shot(d, "review-label.png");
      System.out.println("errors: " + d.findElement(By.tagName("body")).getAttribute("data-errors"));
    } finally { d.quit(); svc.stop(); if (review != null) review.destroy(); }
  }
}
