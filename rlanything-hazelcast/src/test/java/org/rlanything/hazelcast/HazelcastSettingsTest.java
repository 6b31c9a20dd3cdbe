package org.rlanything.hazelcast;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.rlanything.core.spi.ProviderRegistry;

class HazelcastSettingsTest {

    @Test
    void aClusterNameIsRequired() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> HazelcastSettings.of(Map.of()));
        assertTrue(e.getMessage().startsWith("trainer.engine.cluster:"), e.getMessage());
    }

    @Test
    void defaultsBindToTheLoopback() {
        HazelcastSettings settings = HazelcastSettings.of(Map.of("cluster", "lab"));
        assertEquals("127.0.0.1", settings.bindInterface());
        assertEquals(List.of("127.0.0.1:5701"), settings.members());
        assertEquals(8, settings.groupSize());
    }

    @Test
    void wrongSettingsAreNamed() {
        assertTrue(
                assertThrows(
                                IllegalArgumentException.class,
                                () ->
                                        HazelcastSettings.of(
                                                Map.of("cluster", "lab", "memebrs", "a:1")))
                        .getMessage()
                        .startsWith("trainer.engine.memebrs: unknown setting"));
        assertTrue(
                assertThrows(
                                IllegalArgumentException.class,
                                () ->
                                        HazelcastSettings.of(
                                                Map.of("cluster", "lab", "members", "10.0.0.1")))
                        .getMessage()
                        .contains("HOST:PORT"));
        assertTrue(
                assertThrows(
                                IllegalArgumentException.class,
                                () ->
                                        HazelcastSettings.of(
                                                Map.of("cluster", "lab", "task_timeout_s", "0")))
                        .getMessage()
                        .startsWith("trainer.engine.task_timeout_s:"));
    }

    @Test
    void theRegistryFindsTheEngine() {
        assertTrue(ProviderRegistry.get().engines().contains(HazelcastEngineProvider.NAME));
        assertThrows(
                IllegalArgumentException.class,
                () -> ProviderRegistry.get().engine("hazelcast").create());
    }
}
