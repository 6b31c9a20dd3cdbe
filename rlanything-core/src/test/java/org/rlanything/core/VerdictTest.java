package org.rlanything.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class VerdictTest {

    @Test
    void parsesTheLastBoxedVerdictExactly() {
        assertEquals(Verdict.POSITIVE, Verdict.parse("The step helps. \\boxed{1}"));
        assertEquals(Verdict.POSITIVE, Verdict.parse("\\boxed{+1}"));
        assertEquals(Verdict.NEGATIVE, Verdict.parse("bad \\boxed{-1}"));
        assertEquals(
                Verdict.NEGATIVE, Verdict.parse("\\boxed{ \u22121 }"), "Unicode minus and spaces");
        assertEquals(
                Verdict.NEGATIVE,
                Verdict.parse("first \\boxed{1} then \\boxed{-1}"),
                "the last one counts");
    }

    @Test
    void everythingElseIsInvalid() {
        assertEquals(Verdict.INVALID, Verdict.parse("no verdict"));
        assertEquals(Verdict.INVALID, Verdict.parse("\\boxed{yes}"));
        assertEquals(Verdict.INVALID, Verdict.parse("\\boxed{0}"));
        assertEquals(Verdict.INVALID, Verdict.parse("\\boxed{1.0}"));
        assertEquals(Verdict.INVALID, Verdict.parse("\\boxed{-1"));
        assertEquals(Verdict.INVALID, Verdict.parse(null));
        assertEquals(Verdict.INVALID, Verdict.parse("\\boxed{-1} but then \\boxed{2}"));
    }
}
