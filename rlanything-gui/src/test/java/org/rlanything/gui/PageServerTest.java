package org.rlanything.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 37, finding 1, without a browser: the page server answers only for files inside the page's
 * MiniWoB++ folder (the nearest one above the page holding {@code core/core.js}).
 */
class PageServerTest {

    @TempDir Path dir;

    @Test
    void onlyFilesInsideThePagesOwnFolderAreServed() throws IOException {
        Path site = dir.resolve("site");
        Files.createDirectories(site.resolve("core"));
        Files.createDirectories(site.resolve("miniwob"));
        Files.writeString(site.resolve("core/core.js"), "var core = {};");
        Path page = Files.writeString(site.resolve("miniwob/task.html"), "<html></html>");
        Path secret = Files.writeString(dir.resolve("secret.txt"), "SECRET");
        Files.createSymbolicLink(site.resolve("miniwob/link.txt"), secret);

        assertEquals(site, PageServer.folderOf(page));
        PageServer server = PageServer.shared();
        URI served = server.address(page.toUri());
        assertEquals("http", served.getScheme());
        assertEquals("127.0.0.1", served.getHost());
        String prefix = served.getPath().substring(0, served.getPath().indexOf("/miniwob/"));
        Path real = site.toRealPath();

        assertEquals(real.resolve("miniwob/task.html"), server.fileOf(served.getPath()));
        assertEquals(real.resolve("core/core.js"), server.fileOf(prefix + "/core/core.js"));
        assertNull(server.fileOf(prefix + "/../secret.txt"), "a parent of the folder");
        assertNull(server.fileOf(prefix + "/miniwob/../../secret.txt"), "through a subfolder");
        assertNull(server.fileOf(prefix + "/miniwob/link.txt"), "a link leading out");
        assertNull(server.fileOf(prefix + "/core"), "a folder");
        assertNull(server.fileOf("/p999999/core/core.js"), "an unknown prefix");
        assertNull(server.fileOf("/etc/passwd"));
        assertTrue(
                server.address(URI.create("http://example.org/x.html"))
                        .toString()
                        .startsWith("http://example.org"),
                "an http page is opened as it is");
    }
}
