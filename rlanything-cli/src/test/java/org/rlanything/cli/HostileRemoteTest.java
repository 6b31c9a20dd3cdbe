package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44, the remote protocol through the command line (cases 1, 8 and 16): an {@code
 * environment.url} that is no address was an internal error (exit 70), and is now exit 2 naming the
 * key without its password; a server that sends its headers and then nothing held the run forever,
 * and now ends it with exit 1 and one line within {@code timeout_s * (retries + 1)} plus a few
 * seconds, without showing the address's password. (rlanything-it's {@code RemoteRunTest} does the
 * same mid-run with a real Python server that stalls or drips, and resumes.)
 */
@Timeout(120)
class HostileRemoteTest {

    @TempDir Path dir;

    private Path config(String url) throws IOException {
        return Files.writeString(
                dir.resolve("remote.yaml"),
                "trainer: {seed: 1, iterations: 1, evaluate_every: 0, run_dir: \""
                        + dir.resolve("run")
                        + "\"}\n"
                        + "environment: {kind: remote, url: \""
                        + url
                        + "\", timeout_s: 2, retries: 1, pool_size: 4, eval_tasks: 0}\n"
                        + "reward_model: {kind: label}\n");
    }

    @Test
    void anAddressThatIsNoneIsBadInputWithoutItsPassword() throws IOException {
        for (String url :
                new String[] {"http://[::1", "http://alice:s3cret@[::1", "http://alice:s3cret@/"}) {
            String message = Probe.refused(30, "train", config(url).toString(), "-q");
            assertTrue(message.contains("environment.url"), message);
            assertFalse(message.contains("s3cret"), message);
        }
    }

    @Test
    void aServerThatStallsAfterItsHeadersEndsTheRunWithinItsDeadline() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        ExecutorService threads = Executors.newCachedThreadPool();
        server.setExecutor(threads);
        server.createContext(
                "/",
                exchange -> {
                    exchange.sendResponseHeaders(200, 1000);
                    exchange.getResponseBody().flush();
                    try {
                        Thread.sleep(120_000);
                    } catch (InterruptedException e) {
                        exchange.close();
                    }
                });
        server.start();
        try {
            String url = "http://alice:s3cret@127.0.0.1:" + server.getAddress().getPort() + "/";
            long start = System.nanoTime();
            String message = Probe.run(60, "train", config(url).toString(), "-q").failed();
            double seconds = (System.nanoTime() - start) / 1e9;
            System.out.printf(
                    "TIMING train against a stalling server: exit 1 after %.2f s%n", seconds);
            // timeout_s 2 with 1 retry: 4 s, and a few for the run to start and end
            assertTrue(seconds < 4 + 4, "ended after " + seconds + " s: " + message);
            assertTrue(
                    message.contains("/info failed after 2 attempts within 4 s")
                            && message.contains("no whole answer within 2000 ms"),
                    message);
            assertFalse(message.contains("s3cret") || message.contains("alice"), message);
        } finally {
            server.stop(0);
            threads.shutdownNow();
        }
    }
}
