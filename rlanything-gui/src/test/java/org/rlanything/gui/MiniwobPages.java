package org.rlanything.gui;

import java.net.URI;
import java.nio.file.Path;
import org.rlanything.testfixtures.SharedData;

/**
 * The shared MiniWoB++ task pages the tests open ({@code shared/data/miniwob/html/miniwob}, read in
 * place, never copied; see {@link SharedData}).
 */
final class MiniwobPages {

    private MiniwobPages() {}

    static Path page(String family) {
        return SharedData.require("miniwob/html/miniwob/" + family + ".html");
    }

    static URI uri(String family) {
        return page(family).toUri();
    }
}
