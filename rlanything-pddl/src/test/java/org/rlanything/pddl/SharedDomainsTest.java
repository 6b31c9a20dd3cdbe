package org.rlanything.pddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.rlanything.pddl.env.PddlEnvironment;
import org.rlanything.pddl.env.PddlSession;
import org.rlanything.pddl.env.PddlTask;
import org.rlanything.pddl.env.ProblemFiles;
import org.rlanything.pddl.ground.GroundTask;
import org.rlanything.pddl.ground.Grounder;
import org.rlanything.pddl.lang.Domain;
import org.rlanything.pddl.lang.DomainReader;
import org.rlanything.pddl.lang.Problem;
import org.rlanything.pddl.lang.ProblemReader;
import org.rlanything.pddl.plan.PlanResult;
import org.rlanything.pddl.plan.Planner;
import org.rlanything.testfixtures.SharedData;

/**
 * The shared IPC domains (shared/data/pddl, written by others): every domain's problems named below
 * read, ground and are solved; shortest plan lengths where they are published (IPC Blocksworld and
 * Gripper optima).
 */
class SharedDomainsTest {

    private static Path root() {
        return SharedData.require("pddl");
    }

    @Test
    void everyProblemFileOfEveryDomainReads() throws IOException {
        List<Path> folders;
        try (Stream<Path> list = Files.list(root())) {
            folders = list.filter(Files::isDirectory).sorted().toList();
        }
        assertEquals(14, folders.size(), folders.toString());
        int read = 0;
        for (Path folder : folders) {
            for (Path problem : ProblemFiles.find(folder.toString())) {
                Domain d = DomainReader.read(ProblemFiles.domainOf(problem, null));
                Problem p = ProblemReader.read(problem, d);
                assertTrue(!p.init().isEmpty(), problem.toString());
                read++;
            }
        }
        assertEquals(756, read, "the problems the data README lists");
    }

    @Test
    void theSmallestProblemsOfTheFastDomainsAreSolvedAndThePlansReachTheGoal() throws IOException {
        Map<String, String> problems =
                Map.of(
                        "blocks", "probBLOCKS-4-0.pddl",
                        "gripper", "prob01.pddl",
                        "depot", "pfile1.pddl",
                        "driverlog", "pfile1.pddl",
                        "satellite", "p01-pfile1.pddl",
                        "logistics00", "problogistics-4-0.pddl",
                        "miconic", "s1-0.pddl",
                        "zenotravel", "pfile1.pddl",
                        "hanoi", "pfile1.pddl",
                        "ferry", "p-10locs-5cars.pddl");
        for (var entry : problems.entrySet()) {
            Path file = root().resolve(entry.getKey()).resolve(entry.getValue());
            Domain d = DomainReader.read(ProblemFiles.domainOf(file, null));
            GroundTask g = Grounder.ground(d, ProblemReader.read(file, d));
            PlanResult plan = new Planner(g).solve(g.init());
            assertTrue(plan.solved(), entry.toString());
            assertTrue(g.isGoal(GroundAndPlanTest.replay(g, plan)), entry.toString());
        }
    }

    @Test
    void shortestPlansMatchThePublishedOptima() throws IOException {
        assertShortest("blocks", "probBLOCKS-4-0.pddl", 6);
        assertShortest("blocks", "probBLOCKS-4-1.pddl", 10);
        assertShortest("blocks", "probBLOCKS-5-0.pddl", 12);
        assertShortest("gripper", "prob01.pddl", 11);
    }

    @Test
    void theAdlLogisticsProblemsAndThePerProblemElevatorDomainsLoad() throws IOException {
        Path adl = root().resolve("logistics00").resolve("adl-98-prob01.pddl");
        Domain d = DomainReader.read(ProblemFiles.domainOf(adl, null));
        GroundTask g = Grounder.ground(d, ProblemReader.read(adl, d));
        assertTrue(g.actions().size() > 0);
        Path elevators = root().resolve("elevators-opt08-strips").resolve("p01.pddl");
        assertEquals(
                "p01-domain.pddl", ProblemFiles.domainOf(elevators, null).getFileName().toString());
    }

    @Test
    void aBlocksEpisodePlaysThroughTheEnvironment() throws IOException {
        Path file = root().resolve("blocks").resolve("probBLOCKS-4-0.pddl");
        Domain d = DomainReader.read(ProblemFiles.domainOf(file, null));
        PddlTask task = PddlTask.of("b4", "b4", ProblemReader.read(file, d), d);
        PddlEnvironment env =
                new PddlEnvironment(
                        d, 20, true, Planner.DEFAULT_OPTIMAL, Planner.DEFAULT_SATISFICING);
        try (PddlSession s = env.startSession(task, 20)) {
            assertTrue(
                    s.admissibleActions().stream().allMatch(c -> c.startsWith("pick-up ")),
                    s.admissibleActions().toString());
            int steps = 0;
            while (!s.done()) {
                s.step(s.demonstration().orElseThrow());
                steps++;
            }
            assertTrue(s.won());
            assertEquals(6, steps);
        }
    }

    private static void assertShortest(String domain, String problem, int length)
            throws IOException {
        Path file = root().resolve(domain).resolve(problem);
        Domain d = DomainReader.read(ProblemFiles.domainOf(file, null));
        GroundTask g = Grounder.ground(d, ProblemReader.read(file, d));
        PlanResult plan = new Planner(g).shortest(g.init());
        assertTrue(plan.solved() && plan.optimal(), problem);
        assertEquals(length, plan.length(), problem);
    }
}
