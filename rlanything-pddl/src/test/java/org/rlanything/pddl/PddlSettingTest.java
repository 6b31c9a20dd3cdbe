package org.rlanything.pddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.pddl.env.PddlEnvironmentConfig;
import org.rlanything.pddl.env.PddlSetting;
import org.rlanything.pddl.env.PddlTask;

/**
 * What an environment section names, read: held-out problems left out, the pool filled with
 * verified generated ones.
 */
class PddlSettingTest {

    private static PddlEnvironmentConfig config(String heldOut, int poolSize) {
        String folder = TestDomains.folder("tidy").toString();
        return new PddlEnvironmentConfig(
                folder + "/domain.pddl",
                null,
                heldOut == null ? null : folder + "/" + heldOut,
                poolSize);
    }

    @Test
    void heldOutProblemsAreNeverTrainedOnAndGeneratedOnesFillThePool() throws IOException {
        List<String> log = new ArrayList<>();
        PddlSetting setting = PddlSetting.load(config("p2.pddl", 6), 3, log::add);
        assertEquals(List.of("p2"), setting.heldOut().stream().map(PddlTask::id).toList());
        List<String> ids = setting.pool().stream().map(PddlTask::id).toList();
        assertEquals(6, ids.size(), ids.toString());
        assertEquals(List.of("p3", "p1"), ids.subList(0, 2), "the smallest files first");
        for (PddlTask t : setting.pool()) {
            assertTrue(!t.id().startsWith("p2"), t.id());
            assertTrue(setting.environment().verify(t).valid(), t.id());
        }
        assertEquals(1, log.size(), log.toString());
        List<String> again =
                PddlSetting.load(config("p2.pddl", 6), 3, line -> {}).pool().stream()
                        .map(PddlTask::id)
                        .toList();
        assertEquals(ids, again, "the same seed, the same pool");
    }

    @Test
    void problemsInAFolderWithoutADomainFileAreReadAgainstTheRunsDomain(@TempDir Path elsewhere)
            throws IOException {
        Path tidy = TestDomains.folder("tidy");
        for (String p : List.of("p1.pddl", "p3.pddl")) {
            Files.copy(tidy.resolve(p), elsewhere.resolve(p));
        }
        PddlEnvironmentConfig config =
                new PddlEnvironmentConfig(
                        tidy.resolve("domain.pddl").toString(), elsewhere.toString(), null, 2);
        PddlSetting setting = PddlSetting.load(config, 3, line -> {});
        assertEquals(List.of("p3", "p1"), setting.pool().stream().map(PddlTask::id).toList());

        Files.writeString(elsewhere.resolve("domain.pddl"), "(define (domain other))");
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> PddlSetting.load(config, 3, line -> {}));
        assertTrue(e.getMessage().contains("differs from the run's domain"), e.getMessage());
    }

    @Test
    void aSectionWithoutDomainOrProblemsIsRefused() {
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> PddlSetting.load(PddlEnvironmentConfig.DEFAULTS, 1, line -> {}));
        assertTrue(
                e.getMessage().startsWith("environment.domain or environment.problems"),
                e.getMessage());
    }
}
