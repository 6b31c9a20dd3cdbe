package org.rlanything.gui;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;

/** The shared MiniWoB++ task pages the tests open (read in place, never copied). */
final class MiniwobPages {

    static final Path FOLDER = Path.of("/work/shared/data/miniwob/html/miniwob");

    private MiniwobPages() {}

    static Path page(String family) {
        Path page = FOLDER.resolve(family + ".html");
        Assumptions.assumeTrue(Files.isRegularFile(page), "no shared MiniWoB++ data at " + page);
        return page;
    }

    static URI uri(String family) {
        return page(family).toUri();
    }
}
