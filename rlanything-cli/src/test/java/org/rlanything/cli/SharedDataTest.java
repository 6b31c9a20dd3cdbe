package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;
import org.opentest4j.TestAbortedException;

/** Missing shared data skips a test on a developer's machine and fails it under CI=true. */
class SharedDataTest {

    @Test
    void missingDataSkipsLocallyAndFailsUnderCi() {
        assertDoesNotThrow(() -> SharedData.require(true, "The data", "true"));
        assertThrows(TestAbortedException.class, () -> SharedData.require(false, "The data", null));
        assertThrows(
                TestAbortedException.class, () -> SharedData.require(false, "The data", "false"));
        AssertionFailedError failed =
                assertThrows(
                        AssertionFailedError.class,
                        () -> SharedData.require(false, "The data", "true"));
        assertTrue(
                failed.getMessage().startsWith("CI=true: The data was not found above "),
                failed.getMessage());
    }
}
