package org.rlanything.alfworld.rewrite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.rlanything.alfworld.gen.Planners;

/**
 * The rewriter on 200 generated games: every proposed candidate loads (re-read from its bytes) and
 * is won by the planner; harder candidates have longer optimal plans or more distractors on
 * average, easier ones shorter plans. (The 1,000-game check is {@code rlanything alfworld
 * rewrite-bench --count 1000}.)
 */
class RewriteBenchTest {

    @Test
    void everyCandidateLoadsAndIsWinnableAndMovesTheRequestedWay() {
        RewriteBench.Report report =
                RewriteBench.run(
                        RewriteFixtures.scenes(10086, 200),
                        RewriteFixtures.rewriter(),
                        Planners.oracle(),
                        10086);
        System.out.println(report.harder().summary("harder"));
        System.out.println(report.easier().summary("easier"));
        assertEquals(List.of(), report.failures());
        RewriteBench.Direction harder = report.harder();
        RewriteBench.Direction easier = report.easier();
        assertTrue(harder.proposed() >= 180, harder.summary("harder"));
        assertTrue(easier.proposed() >= 120, easier.summary("easier"));
        assertEquals(harder.proposed(), harder.verified());
        assertEquals(easier.proposed(), easier.verified());
        assertTrue(
                harder.stepsAfter() > harder.stepsBefore()
                        || harder.distractorsAfter() > harder.distractorsBefore(),
                harder.summary("harder"));
        assertTrue(
                harder.stepsAfter() + harder.searchAfter()
                        > harder.stepsBefore() + harder.searchBefore(),
                harder.summary("harder"));
        assertTrue(easier.stepsAfter() < easier.stepsBefore(), easier.summary("easier"));
    }
}
