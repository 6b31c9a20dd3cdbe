package org.rlanything.it;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The rules between modules (docs/architecture.md): core depends on no other module; nothing
 * depends on the cli, and the cli depends on core alone; a provider module depends on core and on
 * the provider modules its pom names, nothing else of the project; no cycles between modules, and
 * none between packages; no two main classes share a simple name.
 */
class ArchitectureTest {

    /** Each module's packages. */
    private static final Map<String, String> MODULES =
            Map.ofEntries(
                    Map.entry("core", "org.rlanything.core.."),
                    Map.entry("chat", "org.rlanything.chat.."),
                    Map.entry("demo", "org.rlanything.demo.."),
                    Map.entry("neural", "org.rlanything.neural.."),
                    Map.entry("alfworld", "org.rlanything.alfworld.."),
                    Map.entry("agent", "org.rlanything.agent.."),
                    Map.entry("hazelcast", "org.rlanything.hazelcast.."),
                    Map.entry("coding", "org.rlanything.coding.."),
                    Map.entry("openai", "org.rlanything.openai.."),
                    Map.entry("gui", "org.rlanything.gui.."),
                    Map.entry("remote", "org.rlanything.remote.."),
                    Map.entry("pddl", "org.rlanything.pddl.."),
                    Map.entry("linear", "org.rlanything.linear.."),
                    Map.entry("cli", "org.rlanything.cli.."));

    /** The project modules each provider module's pom names (core for all). */
    private static final Map<String, List<String>> ALLOWED =
            Map.ofEntries(
                    Map.entry("chat", List.of("core")),
                    Map.entry("demo", List.of("core")),
                    Map.entry("neural", List.of("core", "chat")),
                    Map.entry("alfworld", List.of("core")),
                    Map.entry("agent", List.of("core", "neural", "alfworld")),
                    Map.entry("hazelcast", List.of("core")),
                    Map.entry("openai", List.of("core", "chat")),
                    Map.entry("coding", List.of("core", "chat", "openai", "neural")),
                    Map.entry("gui", List.of("core", "remote")),
                    Map.entry("remote", List.of("core")),
                    Map.entry("pddl", List.of("core")),
                    Map.entry("linear", List.of("core")));

    private static JavaClasses main;

    @BeforeAll
    static void importMainClasses() {
        // the modules' main classes, from target/classes (mvn test) or their jars (mvn verify)
        main =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("org.rlanything");
        MODULES.forEach(
                (module, packages) ->
                        assertFalse(
                                main.that(JavaClass.Predicates.resideInAPackage(packages))
                                        .isEmpty(),
                                "the main classes of " + module + " are imported"));
        assertTrue(
                main.that(JavaClass.Predicates.resideInAPackage("org.rlanything.it..")).isEmpty(),
                "test classes are not imported");
    }

    @Test
    void coreDependsOnNoOtherModuleAndNoLibrary() {
        ArchRule rule =
                noClasses()
                        .that()
                        .resideInAPackage(MODULES.get("core"))
                        .should()
                        .dependOnClassesThat()
                        .resideOutsideOfPackages("org.rlanything.core..", "java..")
                        .because(
                                "core holds the contracts every module builds on, with no dependencies of its own");
        rule.check(main);
    }

    @Test
    void nothingDependsOnTheCli() {
        noClasses()
                .that()
                .resideOutsideOfPackage(MODULES.get("cli"))
                .should()
                .dependOnClassesThat()
                .resideInAPackage(MODULES.get("cli"))
                .check(main);
    }

    @Test
    void theCliDependsOnCoreAlone() {
        List<String> providers = new ArrayList<>();
        MODULES.forEach(
                (module, packages) -> {
                    if (!module.equals("core") && !module.equals("cli")) {
                        providers.add(packages);
                    }
                });
        noClasses()
                .that()
                .resideInAPackage(MODULES.get("cli"))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(providers.toArray(String[]::new))
                .because(
                        "the cli learns the kinds and the settings' commands from the registry at run"
                                + " time (docs/architecture.md)")
                .check(main);
    }

    static Stream<Arguments> providerModules() {
        return ALLOWED.entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0} depends only on {1}")
    @MethodSource("providerModules")
    void aProviderModuleDependsOnlyOnCoreAndTheProvidersItsPomNames(
            String module, List<String> allowed) {
        List<String> forbidden = new ArrayList<>();
        MODULES.forEach(
                (other, packages) -> {
                    if (!other.equals(module) && !allowed.contains(other)) {
                        forbidden.add(packages);
                    }
                });
        noClasses()
                .that()
                .resideInAPackage(MODULES.get(module))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(forbidden.toArray(String[]::new))
                .check(main);
    }

    @Test
    void noCyclesBetweenModules() {
        slices().matching("org.rlanything.(*)..").should().beFreeOfCycles().check(main);
    }

    @Test
    void noCyclesBetweenPackages() {
        slices().matching("org.rlanything.(**)").should().beFreeOfCycles().check(main);
    }

    @Test
    void noTwoMainClassesShareASimpleName() {
        // a reader (and an IDE's "open class") should find one class under each name
        Map<String, List<String>> byName = new TreeMap<>();
        for (JavaClass c : main) {
            if (c.isTopLevelClass() && !c.getSimpleName().equals("package-info")) {
                byName.computeIfAbsent(c.getSimpleName(), name -> new ArrayList<>())
                        .add(c.getName());
            }
        }
        byName.values().removeIf(classes -> classes.size() < 2);
        assertTrue(
                byName.isEmpty(),
                "main classes sharing a simple name (give one a more specific name): " + byName);
    }
}
