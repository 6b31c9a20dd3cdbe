package org.rlanything.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The watchdog that takes a JVM's browsers with it when the JVM dies. */
class BrowserReaperTest {

    /**
     * A real process whose command line carries {@code marker}: one process, no shell whose child
     * would outlive it by five minutes when it is killed.
     */
    private static Process sleeper(String marker) throws Exception {
        return new ProcessBuilder("python3", "-c", "import time; time.sleep(300)", marker).start();
    }

    @Test
    void whenThePipeClosesItKillsTheMarkedProcessesLeavesReusedIdsAloneAndDeletesFolders(
            @TempDir Path dir) throws Exception {
        Process marked = sleeper("rlanything-reaper-test-a");
        Process other = sleeper("rlanything-reaper-test-b");
        Path profile = Files.createDirectories(dir.resolve("profile with space/Default"));
        Files.writeString(profile.resolve("Preferences"), "{}");
        try {
            BrowserReaper reaper = new BrowserReaper();
            reaper.killOnExit(marked.toHandle(), "rlanything-reaper-test-a");
            // as if the id had been reused by another program: its command line lacks the marker
            reaper.killOnExit(other.toHandle(), "rlanything-reaper-test-gone");
            reaper.deleteOnExit(profile.getParent());
            assertTrue(marked.isAlive(), "nothing happens while the JVM's pipe is open");

            assertTrue(reaper.actNow(20), "the watchdog finished");
            assertTrue(marked.waitFor(5, TimeUnit.SECONDS), "the marked process was killed");
            assertTrue(other.isAlive(), "a process without the marker is left alone");
            assertFalse(Files.exists(profile.getParent()), "the folder was deleted");
        } finally {
            marked.destroyForcibly();
            other.destroyForcibly();
        }
    }

    /**
     * The real case: a JVM that started a browser is killed with SIGKILL (nothing in it runs); its
     * ChromeDriver and Chromium processes and its profile folder go anyway.
     */
    @Test
    void aKilledJvmLeavesNoBrowserBehind() throws Exception {
        String java = ProcessHandle.current().info().command().orElse("java");
        Process child =
                new ProcessBuilder(
                                java,
                                "-cp",
                                System.getProperty("java.class.path"),
                                StartOneBrowser.class.getName())
                        .redirectErrorStream(true)
                        .start();
        String profile = null;
        String driverPort = null;
        try (BufferedReader out =
                new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = out.readLine(); line != null; line = out.readLine()) {
                if (line.startsWith("PROFILE ")) {
                    profile = line.substring("PROFILE ".length());
                    driverPort = out.readLine().substring("PORT ".length());
                    break;
                }
            }
            assertTrue(profile != null, "the child started a browser");
            String browserMarker = "--user-data-dir=" + profile;
            String driverMarker = "--port=" + driverPort;
            assertTrue(count(browserMarker) >= 1, "its Chromium runs");
            assertEquals(1, count(driverMarker), "its ChromeDriver runs");

            child.destroyForcibly(); // SIGKILL: no shutdown hook, no finally
            child.waitFor(10, TimeUnit.SECONDS);

            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while ((count(browserMarker) > 0
                            || count(driverMarker) > 0
                            || Files.exists(Path.of(profile)))
                    && System.nanoTime() < deadline) {
                Thread.sleep(200);
            }
            assertEquals(0, count(browserMarker), "no Chromium of the killed JVM is left");
            assertEquals(0, count(driverMarker), "no ChromeDriver of the killed JVM is left");
            assertFalse(Files.exists(Path.of(profile)), "its profile folder is gone");
        } finally {
            child.destroyForcibly();
        }
    }

    private static long count(String argument) {
        return ProcessHandle.allProcesses()
                .filter(ProcessHandle::isAlive)
                .filter(p -> Browser.commandLineHas(p, argument))
                .count();
    }

    /** The child JVM: starts one browser, says where it is, and waits to be killed. */
    public static final class StartOneBrowser {
        public static void main(String[] args) throws Exception {
            Browser browser = Browser.start(BrowserSettings.defaults(), 0);
            System.out.println("PROFILE " + browser.profile());
            System.out.println("PORT " + browser.driverPort());
            System.out.flush();
            Thread.sleep(600_000);
        }
    }
}
