package org.rlanything.gui.provider;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.Section;
import org.rlanything.testfixtures.SharedData;

class MiniwobEnvironmentProviderTest {

    private static final String PAGES = "miniwob/html/miniwob";

    @Test
    void theKindIsFoundByTheRegistry() {
        assertTrue(
                ProviderRegistry.get().kinds(Section.ENVIRONMENT).contains("miniwob"),
                ProviderRegistry.get().kinds(Section.ENVIRONMENT).toString());
    }

    @Test
    void heldOutFamiliesAreHeldOutWithTheirVariantsAndNamedWhenUnknown() {
        MiniwobEnvironmentConfig config =
                new MiniwobEnvironmentConfig(
                        SharedData.require(PAGES).toString(),
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
                                                        SharedData.require(PAGES).toString(),
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
