package org.rlanything.core.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.Policy;

/**
 * The registry reads the services files it is given, and refuses ambiguous kinds naming both
 * classes.
 */
class ProviderRegistryTest {

    @TempDir Path dir;

    /** A policy kind's settings. */
    public record DupConfig(Double rate) implements PolicyConfig {}

    /** A policy kind {@code dup}. */
    public static class DupA implements PolicyProvider<DupConfig> {
        @Override
        public String kind() {
            return "dup";
        }

        @Override
        public Class<DupConfig> configType() {
            return DupConfig.class;
        }

        @Override
        public DupConfig defaults() {
            return new DupConfig(1.0);
        }

        @Override
        public boolean isDefault() {
            return true;
        }

        @Override
        public Policy create(DupConfig config, RunContext context, EnvironmentParts environment) {
            throw new UnsupportedOperationException();
        }
    }

    /** Another provider of the same kind. */
    public static class DupB extends DupA {}

    /** A provider whose settings record is not a policy's. */
    public static class Misfiled extends DupA {
        @Override
        public Section section() {
            return Section.ENVIRONMENT;
        }

        @Override
        public String kind() {
            return "misfiled";
        }
    }

    /** A class loader that sees only {@code providers} as the services file of {@link Provider}. */
    private ClassLoader listing(String... providers) throws IOException {
        Path file =
                dir.resolve(
                        "services-"
                                + providers.length
                                + "-"
                                + String.join("-", providers).hashCode());
        Files.writeString(file, String.join("\n", providers) + "\n");
        URL url = file.toUri().toURL();
        return new ClassLoader(getClass().getClassLoader()) {
            @Override
            public Enumeration<URL> getResources(String name) throws IOException {
                return name.equals("META-INF/services/" + Provider.class.getName())
                        ? Collections.enumeration(List.of(url))
                        : super.getResources(name);
            }
        };
    }

    @Test
    void theKindsAreThoseTheServicesFilesList() throws IOException {
        ProviderRegistry registry = ProviderRegistry.load(listing(DupA.class.getName()));
        assertEquals(List.of("dup"), registry.kinds(Section.POLICY));
        assertEquals(List.of(), registry.kinds(Section.ENVIRONMENT));
        assertEquals(new DupConfig(1.0), registry.policies().defaultConfig());
        assertEquals("dup", registry.policies().of(new DupConfig(2.0)).kind());
        IllegalArgumentException unknown =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> registry.policies().require("tabular"));
        assertEquals(
                "Unknown policy.kind 'tabular'; expected one of dup. " + Kinds.HOW_TO_ADD,
                unknown.getMessage());
        assertTrue(Kinds.HOW_TO_ADD.contains("--plugins DIR"), Kinds.HOW_TO_ADD);
        assertTrue(registry.engines().contains("local"), "the local engine comes with core");
    }

    @Test
    void twoProvidersOfOneKindAreRefusedNamingBoth() throws IOException {
        ClassLoader loader = listing(DupA.class.getName(), DupB.class.getName());
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> ProviderRegistry.load(loader));
        assertEquals(
                "Two providers of policy.kind dup: "
                        + DupA.class.getName()
                        + " and "
                        + DupB.class.getName()
                        + "; remove one module from the class path.",
                e.getMessage());
    }

    @Test
    void aSettingsRecordOfAnotherSectionIsRefused() throws IOException {
        ClassLoader loader = listing(Misfiled.class.getName());
        IllegalStateException e =
                assertThrows(IllegalStateException.class, () -> ProviderRegistry.load(loader));
        assertTrue(
                e.getMessage().contains("does not implement " + EnvironmentConfig.class.getName()),
                e.getMessage());
    }
}
