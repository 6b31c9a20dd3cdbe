package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 44, PDDL files (cases 2, 3, 7, 10, 14, 15): each is refused with exit 2 and one line naming
 * the file (and line and symbol where there is one), within a deadline, never a hang, an internal
 * error or a silent acceptance. {@code pddl inspect} and {@code train} read the same way.
 */
@Timeout(300)
class HostilePddlFilesTest {

    @TempDir Path dir;

    private static final String DOMAIN =
            String.join(
                    "\n",
                    "(define (domain rooms)",
                    "  (:requirements :strips :typing)",
                    "  (:types room ball - object)",
                    "  (:predicates (at-robot ?r - room) (at ?b - ball ?r - room)",
                    "               (door ?a ?b - room))",
                    "  (:action move :parameters (?from ?to - room)",
                    "    :precondition (and (at-robot ?from) (door ?from ?to))",
                    "    :effect (and (at-robot ?to) (not (at-robot ?from))))",
                    "  (:action push :parameters (?b - ball ?from ?to - room)",
                    "    :precondition (and (at-robot ?from) (at ?b ?from) (door ?from ?to))",
                    "    :effect (and (at ?b ?to) (not (at ?b ?from)) (at-robot ?to)",
                    "                 (not (at-robot ?from)))))",
                    "");

    private static final String PROBLEM =
            String.join(
                    "\n",
                    "(define (problem p1) (:domain rooms)",
                    "  (:objects r1 r2 r3 - room b1 - ball)",
                    "  (:init (at-robot r1) (door r1 r2) (door r2 r1) (at b1 r1))",
                    "  (:goal (at b1 r2)))",
                    "");

    /** A folder with {@code domain.pddl} and {@code p1.pddl}; returns the problem. */
    private Path files(String name, String domain, String problem) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(name));
        Files.writeString(folder.resolve("domain.pddl"), domain);
        return Files.writeString(folder.resolve("p1.pddl"), problem);
    }

    private static String inspect(Path problem) {
        return Probe.refused(
                30,
                "pddl",
                "inspect",
                problem.resolveSibling("domain.pddl").toString(),
                "" + problem);
    }

    /** A small linear run of the problems beside {@code problem}. */
    private Path config(Path problem) throws IOException {
        return Files.writeString(
                problem.resolveSibling("run.yaml"),
                String.join(
                        "\n",
                        "trainer: {seed: 3, iterations: 1, evaluate_every: 0, run_dir: \""
                                + problem.resolveSibling("run")
                                + "\"}",
                        "environment: {kind: pddl, domain: \""
                                + problem.resolveSibling("domain.pddl")
                                + "\", problems: \""
                                + problem
                                + "\", pool_size: 1, max_steps: 5}",
                        "policy: {kind: linear}",
                        "reward_model: {kind: label}",
                        "algorithm: {tasks_per_iteration: 1, rollouts_per_task: 2}",
                        ""));
    }

    private String train(Path problem) throws IOException {
        String line = Probe.refused(60, "train", config(problem).toString(), "-q");
        assertFalse(Files.exists(problem.resolveSibling("run/run.json")), "no run was started");
        return line;
    }

    @Test
    void theFilesAsWrittenInspectAndTrain() throws IOException {
        Path problem = files("good", DOMAIN, PROBLEM);
        Probe.Result inspected =
                Probe.run(
                        30,
                        "pddl",
                        "inspect",
                        "" + problem.resolveSibling("domain.pddl"),
                        "" + problem);
        assertEquals(0, inspected.code(), inspected.text());
        assertTrue(inspected.text().contains("plan of 1 steps"), inspected.text());
        Probe.Result trained = Probe.run(60, "train", config(problem).toString(), "-q");
        assertEquals(0, trained.code(), trained.text());
    }

    /**
     * Case 2 and 10: a type that is its own parent looped forever; a ring of two let a ball be a
     * room.
     */
    @Test
    void aTypeThatIsItsOwnAncestorIsRefusedNamingFileLineAndType() throws IOException {
        Path self =
                files(
                        "self",
                        DOMAIN.replace("(:types room ball", "(:types room - room ball"),
                        PROBLEM);
        String message = inspect(self);
        assertTrue(
                message.contains(self.resolveSibling("domain.pddl") + ":3:")
                        && message.contains("the type room is its own ancestor (room - room)"),
                message);
        assertTrue(train(self).contains("room is its own ancestor"));
        Path ring =
                files(
                        "ring",
                        DOMAIN.replace(
                                "(:types room ball - object)", "(:types room - ball ball - room)"),
                        PROBLEM);
        String two = inspect(ring);
        assertTrue(two.contains(":3:") && two.contains("(room - ball - room)"), two);
        assertTrue(train(ring).contains("its own ancestor"));
    }

    /**
     * Case 10: undeclared types, wrong-typed atoms and duplicate actions were accepted silently.
     */
    @Test
    void typesAreCheckedInDomainsAndProblems() throws IOException {
        Path predicate =
                files("predicate", DOMAIN.replace("(at ?b - ball ?r", "(at ?b - bal ?r"), PROBLEM);
        String message = inspect(predicate);
        assertTrue(
                message.contains("domain.pddl:4:")
                        && message.contains("?b has the undeclared type bal"),
                message);

        Path parameter =
                files("parameter", DOMAIN.replace("(?b - ball ?from", "(?b - bal ?from"), PROBLEM);
        message = inspect(parameter);
        assertTrue(
                message.contains("domain.pddl:9:") && message.contains("undeclared type bal"),
                message);
        assertTrue(train(parameter).contains("undeclared type bal"));

        Path init = files("init", DOMAIN, PROBLEM.replace("(at b1 r1))", "(at r2 r1))"));
        message = inspect(init);
        assertTrue(
                message.contains(init + ":3:")
                        && message.contains("(at r2 r1) gives r2, a room, where at takes a ball"),
                message);

        Path goal =
                files("goal", DOMAIN, PROBLEM.replace("(:goal (at b1 r2))", "(:goal (at r3 r2))"));
        message = inspect(goal);
        assertTrue(
                message.contains(goal + ":4:")
                        && message.contains("r3 is a room, where at takes a ball"),
                message);

        Path body =
                files(
                        "body",
                        DOMAIN.replace("(at ?b ?from) (door", "(at ?from ?b) (door"),
                        PROBLEM);
        message = inspect(body);
        assertTrue(
                message.contains("domain.pddl:10:")
                        && message.contains(
                                "in the action push: ?from is a room, where at takes a ball"),
                message);

        Path twice =
                files(
                        "twice",
                        DOMAIN.replace(
                                "  (:action push",
                                "  (:action move :parameters () :effect ())\n  (:action push"),
                        PROBLEM);
        message = inspect(twice);
        assertTrue(
                message.contains("domain.pddl:9:")
                        && message.contains("the action move is declared twice"),
                message);

        Path unbound =
                files(
                        "unbound",
                        DOMAIN.replace(
                                "(door ?from ?to))\n    :effect (and (at-robot ?to)",
                                "(door ?from ?to))\n    :effect (and (at-robot ?there)"),
                        PROBLEM);
        message = inspect(unbound);
        assertTrue(message.contains("?there is neither a parameter of the action move"), message);
    }

    /** Case 10: training on an unsolvable problem or an empty goal ended with exit 0. */
    @Test
    void anUnreachableGoalAndAnEmptyGoalAreRefusedByTrain() throws IOException {
        Path unreachable =
                files(
                        "unreachable",
                        DOMAIN,
                        PROBLEM.replace("(:goal (at b1 r2))", "(:goal (at b1 r3))"));
        String message = train(unreachable);
        assertTrue(
                message.contains(unreachable.toString()) && message.contains("cannot be reached"),
                message);
        Path empty = files("empty", DOMAIN, PROBLEM.replace("(:goal (at b1 r2))", "(:goal (and))"));
        message = train(empty);
        assertTrue(
                message.contains(empty.toString()) && message.contains("already holds"), message);
    }

    /**
     * Case 7: a precondition 2,000 levels deep and a goal 3,000 deep overflowed the stack (exit
     * 70).
     */
    @Test
    void deepNestingIsRefusedNamingFileAndLine() throws IOException {
        String deep = "(and ".repeat(2000) + "(at-robot ?from)" + ")".repeat(2000);
        Path precondition =
                files(
                        "deep-pre",
                        DOMAIN.replace("(and (at-robot ?from) (door ?from ?to))", deep),
                        PROBLEM);
        String message = inspect(precondition);
        assertTrue(
                message.contains("domain.pddl:7:") && message.contains("deeper than 500 levels"),
                message);
        Path goal =
                files(
                        "deep-goal",
                        DOMAIN,
                        PROBLEM.replace(
                                "(:goal (at b1 r2))",
                                "(:goal "
                                        + "(and ".repeat(3000)
                                        + "(at b1 r2)"
                                        + ")".repeat(3001)));
        message = inspect(goal);
        assertTrue(message.contains(goal + ":4:") && message.contains("deeper than 500"), message);
        assertTrue(train(goal).contains("deeper than 500"));
    }

    /** Cases 3 and 14: a pipe hung, /dev/zero ran out of memory, others were exit 1 unnamed. */
    @Test
    void aPipeADeviceAFolderAMissingFileAndLatin1AreRefusedNamingThem() throws Exception {
        Path problem = files("files", DOMAIN, PROBLEM);
        Path fifo = dir.resolve("fifo.pddl");
        assertEquals(0, new ProcessBuilder("mkfifo", fifo.toString()).start().waitFor());
        Path latin1 =
                Files.write(
                        dir.resolve("latin1.pddl"),
                        PROBLEM.replace("p1", "caf\u00e9").getBytes(StandardCharsets.ISO_8859_1));
        Path folder = Files.createDirectories(dir.resolve("folder.pddl"));
        Path domain = problem.resolveSibling("domain.pddl");
        for (Path bad :
                List.of(fifo, Path.of("/dev/zero"), folder, dir.resolve("missing.pddl"), latin1)) {
            String asProblem =
                    Probe.refused(30, "pddl", "inspect", domain.toString(), bad.toString());
            assertTrue(asProblem.contains("PDDL problem file " + bad), asProblem);
            String asDomain =
                    Probe.refused(30, "pddl", "inspect", bad.toString(), problem.toString());
            assertTrue(asDomain.contains("PDDL domain file " + bad), asDomain);
        }
        assertTrue(
                Probe.refused(30, "pddl", "inspect", domain.toString(), "" + latin1)
                        .contains("line 1: this is not UTF-8"));
    }

    /** Case 14: a byte-order mark is read past; an invisible character is named with its place. */
    @Test
    void aByteOrderMarkIsReadAndAnInvisibleCharacterIsNamed() throws IOException {
        Path bom = files("bom", "\uFEFF" + DOMAIN, "\uFEFF" + PROBLEM);
        Probe.Result read =
                Probe.run(30, "pddl", "inspect", "" + bom.resolveSibling("domain.pddl"), "" + bom);
        assertEquals(0, read.code(), read.text());
        Path zero = files("zero", DOMAIN, PROBLEM.replace("(at b1 r1))", "(at b1 r1\u200b))"));
        int column = Files.readAllLines(zero).get(2).indexOf('\u200b') + 1;
        String message = inspect(zero);
        assertTrue(
                message.contains(
                                zero
                                        + ":3: column "
                                        + column
                                        + ": the invisible character U+200B (ZERO WIDTH SPACE)")
                        && message.contains("\"r1?\""),
                message);
    }

    /** Case 15: an action of 8 parameters over 32 objects ran out of memory after 74 s. */
    @Test
    void anActionOfTooManyBindingsIsRefusedInSeconds() throws IOException {
        String big =
                DOMAIN.replace(
                        "  (:action push",
                        "  (:action big :parameters (?a ?b ?c ?d ?e ?f ?g ?h - room)"
                                + " :precondition () :effect (at-robot ?a))\n  (:action push");
        StringBuilder rooms = new StringBuilder();
        for (int i = 1; i <= 32; i++) {
            rooms.append(" r").append(i);
        }
        Path problem = files("big", big, PROBLEM.replace("r1 r2 r3 - room", rooms + " - room"));
        long start = System.nanoTime();
        String message = inspect(problem);
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(
                message.contains(problem + ": ")
                        && message.contains("the action big has more than"),
                message);
        assertTrue(seconds < 20, "refused after " + seconds + " s");
        assertTrue(train(problem).contains("too large for this planner"));
    }
}
