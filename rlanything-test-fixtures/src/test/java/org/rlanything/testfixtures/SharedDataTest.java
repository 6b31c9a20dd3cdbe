package org.rlanything.testfixtures;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
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

    @Test
    void aNameThatIsNotThereIsNotFoundAndSkipsLocallyAndFailsUnderCi() {
        String missing = "no-such-data-" + ProcessHandle.current().pid();
        assertEquals(Optional.empty(), SharedData.find(missing));
        TestAbortedException skipped =
                assertThrows(TestAbortedException.class, () -> SharedData.require(missing, null));
        assertTrue(
                skipped.getMessage()
                        .startsWith("Skipped: shared/data/" + missing + " was not found above "),
                skipped.getMessage());
        assertThrows(AssertionFailedError.class, () -> SharedData.require(missing, "true"));
    }
}
