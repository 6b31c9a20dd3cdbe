package org.rlanything.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.rlanything.core.config.InvalidValueException;

/** The remote kind's settings and tasks: one server named, tasks that travel as their JSON. */
class RemoteEnvironmentConfigTest {

    private static RemoteEnvironmentConfig of(String url, String command) {
        return new RemoteEnvironmentConfig(url, command, null, null, null, null, null, null, null);
    }

    @Test
    void exactlyOneServerIsNamed() {
        InvalidValueException neither =
                assertThrows(InvalidValueException.class, () -> of(null, " ").requireOneServer());
        assertTrue(neither.getMessage().contains("not neither"), neither.getMessage());
        InvalidValueException both =
                assertThrows(
                        InvalidValueException.class,
                        () -> of("http://127.0.0.1:1/", "python3 env.py").requireOneServer());
        assertTrue(both.getMessage().contains("not both"), both.getMessage());
        assertThrows(InvalidValueException.class, () -> of("ftp://host/", null));
        of(null, "python3 env.py").requireOneServer();
        assertEquals(16, of("http://127.0.0.1:1", null).poolSize());
    }

    @Test
    void aTaskTravelsAsItsJsonAndABadOneIsNamed() throws Exception {
        JsonTask task =
                JsonTask.of(
                        new ObjectMapper()
                                .readTree("{\"id\":\"t-1\",\"description\":\"d\",\"n\":[1,2]}"));
        JsonTask.Codec codec = new JsonTask.Codec();
        assertEquals(task, codec.decode(codec.encode(task)));
        assertEquals("d", task.describe());
        IllegalArgumentException bad =
                assertThrows(IllegalArgumentException.class, () -> codec.decode("{\"n\":1}"));
        assertTrue(bad.getMessage().contains("\"id\""), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> codec.decode("{oops"));
    }
}
