package org.rlanything.it;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rules between modules (docs/architecture.md): the roles of {@link ModuleRoles} (core, the
 * libraries chat, run and bench, settings, models, bridges, the engine, the cli, test support),
 * checked over the main classes' dependencies with ArchUnit and over the poms' compile- and
 * runtime-scope dependencies, so that an edge the rule refuses fails naming both modules; core
 * depends on no library; no cycles between top-level packages or between packages; no two main
 * classes share a simple name.
 */
class ArchitectureTest {

    /** Where a class was loaded from names its module: a module's classes folder or its jar. */
    private static final Pattern MODULE_SOURCE =
            Pattern.compile("/rlanything-([a-z-]+?)(?:/target/classes/|-[0-9][^/!]*\\.jar!)");

    private static JavaClasses main;
    private static Path root;

    @BeforeAll
    static void importMainClasses() throws IOException {
        root = Path.of("").toAbsolutePath();
        while (root != null && !ModuleRoles.isRoot(root)) {
            root = root.getParent();
        }
        assertTrue(root != null, "no project root above the working directory");
        // the modules' main classes, from target/classes (mvn test) or their jars (mvn verify)
        main =
                new ClassFileImporter()
                        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("org.rlanything");
        Set<String> found = new TreeSet<>();
        for (JavaClass c : main) {
            found.add(moduleOf(c));
        }
        for (String module : ModuleRoles.ROLES.keySet()) {
            if (ModuleRoles.ROLES.get(module) != ModuleRoles.Role.TESTS) {
                assertTrue(
                        found.contains(module), "the main classes of " + module + " are imported");
            }
        }
        assertFalse(found.contains("it"), "test classes are not imported");
    }

    /** The module (artifact id without {@code rlanything-}) a class was loaded from. */
    static String moduleOf(JavaClass c) {
        String uri =
                c.getSource()
                        .map(source -> source.getUri().toString())
                        .orElseThrow(() -> new AssertionError("no source for " + c.getName()));
        Matcher m = MODULE_SOURCE.matcher(uri);
        if (!m.find()) {
            throw new AssertionError(
                    "cannot tell the module of "
                            + c.getName()
                            + " from where it was loaded: "
                            + uri);
        }
        return m.group(1);
    }

    @Test
    void everyModuleHasARoleAndEveryPomEdgeKeepsTheRule() throws IOException {
        List<String> violations = ModuleRoles.pomViolations(root);
        assertTrue(
                violations.isEmpty(),
                "module dependencies the rule refuses (ModuleRoles):\n"
                        + String.join("\n", violations));
    }

    @Test
    void everyClassDependencyKeepsTheRule() {
        ArchCondition<JavaClass> keepTheRule =
                new ArchCondition<>("depend only on the modules their module's role allows") {
                    @Override
                    public void check(JavaClass item, ConditionEvents events) {
                        String from = moduleOf(item);
                        Set<String> reported = new TreeSet<>();
                        for (Dependency d : item.getDirectDependenciesFromSelf()) {
                            JavaClass target = d.getTargetClass();
                            if (!target.getPackageName().startsWith("org.rlanything")
                                    || target.getSource().isEmpty()) {
                                continue;
                            }
                            String to = moduleOf(target);
                            ModuleRoles.refusal(from, to, "compile")
                                    .filter(why -> reported.add(target.getName()))
                                    .ifPresent(
                                            why ->
                                                    events.add(
                                                            SimpleConditionEvent.violated(
                                                                    d,
                                                                    why
                                                                            + "; "
                                                                            + d.getDescription())));
                        }
                    }
                };
        classes().should(keepTheRule).check(main);
    }

    @Test
    void theRuleNamesTheEdgeOfAModuleThatBreaksIt(@TempDir Path project) throws IOException {
        // a project of real poms: a setting that names a model and another setting, a bridge
        // that names a model it is not named for, and a module with no role
        Files.writeString(
                project.resolve("pom.xml"),
                "<project><modules><module>rlanything-gui</module>"
                        + "<module>rlanything-coding-neural</module>"
                        + "<module>rlanything-widget</module></modules></project>");
        pom(
                project,
                "rlanything-gui",
                dependency("rlanything-core", null)
                        + dependency("rlanything-remote", null)
                        + dependency("rlanything-linear", "runtime")
                        + dependency("rlanything-neural", "test"));
        pom(
                project,
                "rlanything-coding-neural",
                dependency("rlanything-coding", null)
                        + dependency("rlanything-neural", null)
                        + dependency("rlanything-openai", null));
        pom(project, "rlanything-widget", dependency("rlanything-core", null));
        List<String> violations = ModuleRoles.pomViolations(project);
        assertEquals(4, violations.size(), String.join("\n", violations));
        assertTrue(
                violations
                        .get(0)
                        .contains("rlanything-gui (setting) -> rlanything-remote (setting)"));
        assertTrue(
                violations
                        .get(1)
                        .contains("rlanything-gui (setting) -> rlanything-linear (model)"));
        assertTrue(
                violations
                        .get(2)
                        .contains("rlanything-coding-neural (bridge) -> rlanything-openai (model)"),
                violations.get(2));
        assertTrue(violations.get(3).contains("rlanything-widget has no role"), violations.get(3));
        assertEquals(Optional.empty(), ModuleRoles.refusal("cli", "coding-neural", "runtime"));
        assertTrue(ModuleRoles.refusal("cli", "coding-neural", "compile").isPresent());
        assertTrue(ModuleRoles.refusal("neural", "alfworld", "compile").isPresent());
        assertEquals(Optional.empty(), ModuleRoles.refusal("alfworld-agent", "neural", "compile"));
        // the libraries: run on core, bench on run, the cli on both; none on a provider module
        assertEquals(Optional.empty(), ModuleRoles.refusal("bench", "run", "compile"));
        assertEquals(Optional.empty(), ModuleRoles.refusal("cli", "bench", "compile"));
        assertTrue(
                ModuleRoles.refusal("run", "demo", "compile")
                        .orElseThrow()
                        .contains("rlanything-run (library) -> rlanything-demo (setting)"));
        assertTrue(ModuleRoles.refusal("bench", "neural", "runtime").isPresent());
        assertTrue(ModuleRoles.refusal("run", "cli", "compile").isPresent());
    }

    private static void pom(Path project, String artifactId, String dependencies)
            throws IOException {
        Files.createDirectories(project.resolve(artifactId));
        Files.writeString(
                project.resolve(artifactId).resolve("pom.xml"),
                "<project><artifactId>"
                        + artifactId
                        + "</artifactId><dependencies>"
                        + dependencies
                        + "</dependencies></project>");
    }

    private static String dependency(String artifactId, String scope) {
        return "<dependency><groupId>org.rlanything</groupId><artifactId>"
                + artifactId
                + "</artifactId>"
                + (scope == null ? "" : "<scope>" + scope + "</scope>")
                + "</dependency>";
    }

    @Test
    void coreDependsOnNoOtherModuleAndNoLibrary() {
        ArchRule rule =
                noClasses()
                        .that()
                        .resideInAPackage("org.rlanything.core..")
                        .should()
                        .dependOnClassesThat()
                        .resideOutsideOfPackages("org.rlanything.core..", "java..")
                        .because(
                                "core holds the contracts every module builds on, with no dependencies of its own");
        rule.check(main);
    }

    @Test
    void noCyclesBetweenTopLevelPackages() {
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
