package org.rlanything.gui.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.rlanything.core.StepResult;
import org.rlanything.gui.BrowserSettings;
import org.rlanything.gui.MiniwobEnvironment;
import org.rlanything.gui.MiniwobTask;
import org.rlanything.gui.TabbedBrowsers;
import org.rlanything.remote.RemoteEnvironmentException;
import org.rlanything.remote.RemoteScreenEnvironment;
import org.rlanything.remote.RemoteScreenTask;
import org.rlanything.remote.RemoteSettings;
import org.rlanything.testfixtures.SharedData;

/** Real browser episodes served over loopback HTTP and played through the client. */
class RemoteMiniwobTest {

    @Test
    void aMiniwobEpisodeServedOverHttpIsWonByClickingTheNamedButton() throws Exception {
        Path page = SharedData.require("miniwob/html/miniwob/click-button.html");
        try (TabbedBrowsers browsers = new TabbedBrowsers(BrowserSettings.defaults(), 1);
                RemoteEnvironmentServer server =
                        RemoteEnvironmentServer.start(
                                new MiniwobEnvironment(browsers),
                                json -> MiniwobTask.ofFile(Path.of(json.path("page").asText())),
                                "127.0.0.1",
                                0,
                                2)) {
            RemoteScreenEnvironment env =
                    new RemoteScreenEnvironment(
                            RemoteSettings.of(
                                    URI.create("http://127.0.0.1:" + server.port() + "/")));
            RemoteScreenTask task =
                    new RemoteScreenTask(
                            "click-button", "click-button", "{\"page\":\"" + page + "\"}");
            try (RemoteScreenEnvironment.RemoteSession session =
                    env.start(task, new SplittableRandom(4))) {
                String text = session.observation();
                Matcher wanted =
                        Pattern.compile("Instruction: Click on the \"(.*)\" button").matcher(text);
                assertTrue(wanted.find(), text);
                Matcher button =
                        Pattern.compile(
                                        "\\[(\\d+)\\] BUTTON \""
                                                + Pattern.quote(wanted.group(1))
                                                + "\"")
                                .matcher(text);
                assertTrue(button.find(), text);
                String click = "click " + button.group(1);
                assertTrue(session.admissibleActions().contains(click));
                byte[] png = session.screenshot();
                assertEquals('P', png[1]);
                StepResult result = session.step(click);
                assertTrue(result.won(), result.observation());
            }
            RemoteEnvironmentException missing =
                    assertThrows(
                            RemoteEnvironmentException.class,
                            () ->
                                    env.verify(
                                            new RemoteScreenTask(
                                                    "x", "x", "{\"page\":\"/nowhere/x.html\"}")));
            assertTrue(missing.getMessage().contains("/nowhere/x.html"), missing.getMessage());
            assertFalse(missing.getMessage().contains("attempts"), "a 400 must not be retried");
        }
    }
}
