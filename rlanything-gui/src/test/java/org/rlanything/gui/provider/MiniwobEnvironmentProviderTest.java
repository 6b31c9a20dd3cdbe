package org.rlanything.gui.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.Section;

class MiniwobEnvironmentProviderTest {

    private static final Path PAGES = Path.of("/work/shared/data/miniwob/html/miniwob");

    @Test
    void theKindIsFoundByTheRegistry() {
        assertTrue(
                ProviderRegistry.get().kinds(Section.ENVIRONMENT).contains("miniwob"),
                ProviderRegistry.get().kinds(Section.ENVIRONMENT).toString());
    }

    @Test
    void heldOutFamiliesAreHeldOutWithTheirVariantsAndNamedWhenUnknown() {
        Assumptions.assumeTrue(Files.isDirectory(PAGES));
        MiniwobEnvironmentConfig config =
                new MiniwobEnvironmentConfig(
                        PAGES.toString(),
                        null,
                        List.of("choose-date", "click-button"),
                        null,
                        5,
                        1,
                        1,
                        null);
        var parts = new MiniwobEnvironmentProvider().create(config, null);
        List<String> pool = parts.tasks().stream().map(t -> t.id()).toList();
        assertEquals(118 - 4 - 1, pool.size());
        assertTrue(
                pool.stream()
                        .noneMatch(
                                id -> id.startsWith("choose-date") || id.equals("click-button")));
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                new MiniwobEnvironmentProvider()
                                        .create(
                                                new MiniwobEnvironmentConfig(
                                                        PAGES.toString(),
                                                        List.of("choose-date-easy"),
                                                        List.of("choose-date"),
                                                        null,
                                                        null,
                                                        null,
                                                        null,
                                                        null),
                                                null));
        assertTrue(e.getMessage().contains("choose-date-easy"), e.getMessage());
        e =
                assertThrows(
                        IllegalArgumentException.class,
                        () ->
                                new MiniwobEnvironmentConfig(
                                        null,
                                        List.of("a"),
                                        List.of("a"),
                                        null,
                                        null,
                                        null,
                                        null,
                                        null));
        assertTrue(e.getMessage().contains("environment.eval"), e.getMessage());
    }
}
