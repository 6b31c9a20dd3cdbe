package org.rlanything.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * The rule between modules, stated once: each module has a role, and a role says which modules its
 * main code and its compile- or runtime-scope dependencies may reach. {@link ArchitectureTest}
 * checks it over the class imports (ArchUnit) and over the poms, so a module that breaks it fails
 * with a message naming the edge, and a module with no role fails naming the module.
 *
 * <ul>
 *   <li>core depends on no module;
 *   <li>a library depends on core and on other libraries only, and settings, models, bridges and
 *       the launcher may use it; it counts as neither setting nor model: chat (the chat text both
 *       sides share), pddl-lang (the PDDL reader both PDDL settings read with), run (config, the
 *       run folder, checkpoints and resume, provider assembly: what a program that embeds the loop
 *       needs) and bench (the loop benchmarks, over run);
 *   <li>a setting (an environment: alfworld, coding, gui, pddl, remote, demo) depends on core and
 *       the libraries only: on no model and on no other setting;
 *   <li>a model (neural, openai, linear) depends on core and the libraries only: on no setting and
 *       on no other model;
 *   <li>a bridge depends on core, the libraries, and the one setting and one model it is named for
 *       ({@code <setting>-<model>}; alfworld-agent, ALFWorld with the neural kinds, keeps its older
 *       name); it joins them through core's hooks ({@code ModelHooksProvider}, or an environment
 *       kind of its own);
 *   <li>hazelcast (a rollout engine) and testkit depend on core only, test-fixtures on none;
 *   <li>the cli's main code depends on core and the libraries; its pom names every setting, model,
 *       bridge and engine at runtime scope, to put them on the launcher's class path;
 *   <li>it (the cross-module tests) has test-scope dependencies only.
 * </ul>
 *
 * Test-scope dependencies are outside the rule: a module's tests may run it with real parts of
 * others (pddl's tests train the linear kinds on it).
 */
final class ModuleRoles {

    /** What a module is for, which says what it may depend on. */
    enum Role {
        CORE,
        LIBRARY,
        SETTING,
        MODEL,
        BRIDGE,
        ENGINE,
        LAUNCHER,
        TEST_SUPPORT,
        TESTS;

        String label() {
            return name().toLowerCase().replace('_', ' ');
        }
    }

    /** A bridge's setting and model. */
    record Bridge(String setting, String model) {}

    /** This project's modules (artifact ids without {@code rlanything-}) and their roles. */
    static final Map<String, Role> ROLES =
            Map.ofEntries(
                    Map.entry("core", Role.CORE),
                    Map.entry("chat", Role.LIBRARY),
                    Map.entry("pddl-lang", Role.LIBRARY),
                    Map.entry("run", Role.LIBRARY),
                    Map.entry("bench", Role.LIBRARY),
                    Map.entry("alfworld", Role.SETTING),
                    Map.entry("coding", Role.SETTING),
                    Map.entry("gui", Role.SETTING),
                    Map.entry("pddl", Role.SETTING),
                    Map.entry("remote", Role.SETTING),
                    Map.entry("demo", Role.SETTING),
                    Map.entry("neural", Role.MODEL),
                    Map.entry("openai", Role.MODEL),
                    Map.entry("linear", Role.MODEL),
                    Map.entry("alfworld-agent", Role.BRIDGE),
                    Map.entry("coding-neural", Role.BRIDGE),
                    Map.entry("coding-openai", Role.BRIDGE),
                    Map.entry("hazelcast", Role.ENGINE),
                    Map.entry("cli", Role.LAUNCHER),
                    Map.entry("testkit", Role.TEST_SUPPORT),
                    Map.entry("test-fixtures", Role.TEST_SUPPORT),
                    Map.entry("it", Role.TESTS));

    /**
     * The bridges whose name is not {@code <setting>-<model>}, with what they join: only the one
     * that predates the rule.
     */
    private static final Map<String, Bridge> NAMED_BEFORE_THE_RULE =
            Map.of("alfworld-agent", new Bridge("alfworld", "neural"));

    private ModuleRoles() {}

    /** The module an artifact id names ({@code rlanything-gui}: {@code gui}). */
    static String module(String artifactId) {
        return artifactId.startsWith("rlanything-")
                ? artifactId.substring("rlanything-".length())
                : artifactId;
    }

    /** The setting and model a bridge joins, read from its name. */
    static Optional<Bridge> bridge(String module) {
        if (NAMED_BEFORE_THE_RULE.containsKey(module)) {
            return Optional.of(NAMED_BEFORE_THE_RULE.get(module));
        }
        for (Map.Entry<String, Role> setting : ROLES.entrySet()) {
            String prefix = setting.getKey() + "-";
            if (setting.getValue() == Role.SETTING && module.startsWith(prefix)) {
                String model = module.substring(prefix.length());
                if (ROLES.get(model) == Role.MODEL) {
                    return Optional.of(new Bridge(setting.getKey(), model));
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Why {@code from} may not depend on {@code to} in its main code or at {@code scope} ({@code
     * compile} for class imports); empty when the rule allows it.
     */
    static Optional<String> refusal(String from, String to, String scope) {
        if (from.equals(to) || "test".equals(scope)) {
            return Optional.empty();
        }
        Role source = ROLES.get(from);
        Role target = ROLES.get(to);
        if (source == null || target == null) {
            return Optional.of(
                    "rlanything-"
                            + (source == null ? from : to)
                            + " has no role: give it one in ModuleRoles.ROLES (a setting, a model,"
                            + " a bridge named <setting>-<model>, ...)");
        }
        String edge =
                "rlanything-"
                        + from
                        + " ("
                        + source.label()
                        + ") -> rlanything-"
                        + to
                        + " ("
                        + target.label()
                        + "): ";
        Set<String> allowed =
                switch (source) {
                    case CORE, TESTS -> Set.of();
                    case LIBRARY, LAUNCHER, ENGINE, TEST_SUPPORT -> Set.of("core");
                    case SETTING, MODEL -> Set.of("core");
                    case BRIDGE ->
                            bridge(from)
                                    .map(b -> Set.of("core", b.setting(), b.model()))
                                    .orElse(Set.of());
                };
        if (allowed.contains(to)) {
            return Optional.empty();
        }
        if (target == Role.LIBRARY
                && Set.of(Role.LIBRARY, Role.LAUNCHER, Role.SETTING, Role.MODEL, Role.BRIDGE)
                        .contains(source)) {
            return Optional.empty(); // a library is what the others share
        }
        if (source == Role.LAUNCHER
                && "runtime".equals(scope)
                && Set.of(Role.SETTING, Role.MODEL, Role.BRIDGE, Role.ENGINE).contains(target)) {
            return Optional.empty();
        }
        return Optional.of(
                edge
                        + switch (source) {
                            case CORE -> "core depends on no module";
                            case LIBRARY -> "a library depends on core and other libraries only";
                            case SETTING ->
                                    "a setting depends on core and the libraries only (no model,"
                                            + " no other setting: put what joins it to a model in a"
                                            + " bridge module named <setting>-<model>)";
                            case MODEL ->
                                    "a model depends on core and the libraries only (no setting,"
                                            + " no other model: put what joins it to a setting in a"
                                            + " bridge module named <setting>-<model>)";
                            case BRIDGE ->
                                    bridge(from)
                                            .map(
                                                    b ->
                                                            "a bridge depends on core, the libraries and the"
                                                                    + " setting and model it is named for ("
                                                                    + b.setting()
                                                                    + ", "
                                                                    + b.model()
                                                                    + ")")
                                            .orElse(
                                                    "a bridge is named <setting>-<model> for the setting"
                                                            + " and the model it joins");
                            case ENGINE, TEST_SUPPORT -> "it depends on core only";
                            case LAUNCHER ->
                                    "the cli's main code depends on core and the libraries"
                                            + " (it finds the kinds at run time; its pom names the"
                                            + " modules at runtime scope)";
                            case TESTS ->
                                    "the cross-module tests depend on modules at test scope"
                                            + " only";
                        });
    }

    /**
     * Every edge of the poms under {@code root} that the rule refuses, and every module the root
     * pom lists with no role: one message each, naming the pom and the edge.
     */
    static List<String> pomViolations(Path root) throws IOException {
        List<String> violations = new ArrayList<>();
        for (String artifactId : childElements(read(root.resolve("pom.xml")), "modules")) {
            Path pom = root.resolve(artifactId).resolve("pom.xml");
            String from = module(artifactId);
            if (!ROLES.containsKey(from)) {
                violations.add(pom + ": rlanything-" + from + " has no role in ModuleRoles.ROLES");
                continue;
            }
            for (Map.Entry<String, String> dependency : projectDependencies(read(pom)).entrySet()) {
                refusal(from, module(dependency.getKey()), dependency.getValue())
                        .ifPresent(
                                why ->
                                        violations.add(
                                                pom
                                                        + " ("
                                                        + dependency.getValue()
                                                        + " scope): "
                                                        + why));
            }
        }
        return violations;
    }

    /** The modules a pom names from this project, with their scope ({@code compile} if none). */
    private static Map<String, String> projectDependencies(Document pom) {
        Map<String, String> out = new LinkedHashMap<>();
        for (Element dependencies : children(pom.getDocumentElement(), "dependencies")) {
            for (Element dependency : children(dependencies, "dependency")) {
                String group = text(dependency, "groupId");
                if (group.equals("org.rlanything") || group.equals("${project.groupId}")) {
                    String scope = text(dependency, "scope");
                    out.put(text(dependency, "artifactId"), scope.isEmpty() ? "compile" : scope);
                }
            }
        }
        return out;
    }

    private static Document read(Path pom) throws IOException {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(pom.toFile());
        } catch (javax.xml.parsers.ParserConfigurationException | org.xml.sax.SAXException e) {
            throw new IOException(pom + ": not a readable pom: " + e.getMessage(), e);
        }
    }

    private static List<String> childElements(Document pom, String list) {
        List<String> out = new ArrayList<>();
        for (Element parent : children(pom.getDocumentElement(), list)) {
            NodeList nodes = parent.getChildNodes();
            for (int i = 0; i < nodes.getLength(); i++) {
                if (nodes.item(i) instanceof Element e) {
                    out.add(e.getTextContent().strip());
                }
            }
        }
        return out;
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                out.add(e);
            }
        }
        return out;
    }

    private static String text(Element parent, String name) {
        List<Element> found = children(parent, name);
        return found.isEmpty() ? "" : found.get(0).getTextContent().strip();
    }

    /** Whether {@code path} holds the project's root pom (with its module list). */
    static boolean isRoot(Path path) {
        return Files.isRegularFile(path.resolve("pom.xml"))
                && Files.isDirectory(path.resolve("rlanything-core"));
    }
}
