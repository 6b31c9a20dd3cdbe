package org.rlanything.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.alfworld.gen.AlfworldData;
import org.rlanything.testfixtures.SharedData;

class PretrainCommandTest {

    @Test
    void writesBothStartingModelsAndRefusesToOverwriteThem(@TempDir Path dir) throws Exception {
        boolean data;
        try {
            AlfworldData.locate();
            data = true;
        } catch (IllegalStateException e) {
            data = false;
        }
        SharedData.require(data, "The ALFWorld data folder (shared/data/alfworld)");
        Path out = dir.resolve("start");
        StringWriter text = new StringWriter();
        StringWriter err = new StringWriter();
        int code =
                Main.run(
                        new PrintWriter(text),
                        new PrintWriter(err),
                        "pretrain",
                        "--seed",
                        "3",
                        "--out",
                        out.toString(),
                        "--train-games",
                        "3",
                        "--bc-steps",
                        "2",
                        "--rm-steps",
                        "2",
                        "--dagger-rounds",
                        "0",
                        "-q");
        assertEquals(0, code, text + "\n" + err);
        assertTrue(text.toString().contains("starting models written to"), text.toString());
        for (String role : new String[] {"policy", "reward_model"}) {
            assertTrue(Files.isRegularFile(out.resolve(role).resolve("model.safetensors")), role);
            assertTrue(Files.isRegularFile(out.resolve(role).resolve("tokenizer.json")), role);
        }
        assertTrue(Files.readString(out.resolve("pretrain.json")).contains("\"seed\" : 3"));
        int again =
                Main.run(
                        new PrintWriter(new StringWriter()),
                        new PrintWriter(err),
                        "pretrain",
                        "--seed",
                        "3",
                        "--out",
                        out.toString());
        assertEquals(2, again);
        assertTrue(err.toString().contains("already holds starting models"), err.toString());
    }
}
