package org.rlanything.neural.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ai.djl.ndarray.NDArray;
import ai.djl.ndarray.NDManager;
import ai.djl.ndarray.types.DataType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.neural.LoraFixture;
import org.rlanything.neural.TestModels;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.checkpoint.HfCheckpoint;
import org.rlanything.neural.model.LlamaModel;
import org.rlanything.testfixtures.SafeTensorsDamage;

/**
 * Issue 44, case 12: a NaN or an infinity in a model's weights passed import, loading, scoring and
 * a training iteration. Now a checkpoint with one is never written (a model that diverged in
 * training, or an import), and a folder holding one is refused when it is loaded, each naming the
 * tensor and the element.
 */
@Timeout(60)
class NonFiniteWeightsTest {

    @TempDir Path dir;

    private static ByteBuffer bytes(int size, java.util.function.Consumer<ByteBuffer> fill) {
        ByteBuffer b = ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
        fill.accept(b);
        return b.flip();
    }

    @Test
    void everyFloatDtypeIsChecked() {
        Map<String, ByteBuffer> bad =
                Map.of(
                        "F32",
                        bytes(12, b -> b.putFloat(1).putFloat(2).putFloat(Float.NaN)),
                        "F64",
                        bytes(
                                24,
                                b ->
                                        b.putDouble(1)
                                                .putDouble(2)
                                                .putDouble(Double.NEGATIVE_INFINITY)),
                        "BF16",
                        bytes(
                                6,
                                b ->
                                        b.putShort((short) 0x3F80)
                                                .putShort((short) 0)
                                                .putShort((short) 0x7F80)),
                        "F16",
                        bytes(
                                6,
                                b ->
                                        b.putShort((short) 0x3C00)
                                                .putShort((short) 1)
                                                .putShort((short) 0x7E00)));
        Map<String, String> shown =
                Map.of("F32", "NaN", "F64", "-Infinity", "BF16", "+Infinity", "F16", "NaN");
        for (var e : bad.entrySet()) {
            FiniteValues.NonFinite refused =
                    assertThrows(
                            FiniteValues.NonFinite.class,
                            () -> FiniteValues.require(e.getValue(), e.getKey(), "w", "f", 10));
            assertEquals(
                    "The tensor \"w\" of f holds "
                            + shown.get(e.getKey())
                            + " at element 12: weights must be finite numbers (a training that"
                            + " diverged, or a damaged model).",
                    refused.getMessage());
        }
        assertDoesNotThrow(bytes(8, b -> b.putFloat(Float.MAX_VALUE).putFloat(-0f)), "F32");
        assertDoesNotThrow(bytes(8, b -> b.putLong(0x7FF0000000000000L)), "I64");
    }

    private static void assertDoesNotThrow(ByteBuffer b, String dtype) {
        try {
            FiniteValues.require(b, dtype, "w", "f", 0);
        } catch (FiniteValues.NonFinite e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aModelThatDivergedIsNotWrittenAsACheckpoint() throws Exception {
        Path ckpt = dir.resolve("ckpt");
        try (NDManager root = TestModels.manager();
                LlamaModel model = TestModels.tiny(root, LoraFixture.CONFIG, DataType.FLOAT32, 3)) {
            String name = "model.layers.1.mlp.up_proj.weight";
            NDArray w = model.weights().all().get(name);
            float[] values = w.toFloatArray();
            values[7] = Float.POSITIVE_INFINITY;
            w.set(values);
            CheckpointException refused =
                    assertThrows(
                            CheckpointException.class,
                            () -> Checkpoint.save(ckpt, model, LoraFixture.TOKENIZER, null, null));
            assertTrue(
                    refused.getMessage().startsWith("Checkpoint " + ckpt + " not written")
                            && refused.getMessage()
                                    .contains(
                                            "\""
                                                    + name
                                                    + "\" of model.safetensors holds +Infinity at element 7"),
                    refused.getMessage());
        }
        try (Stream<Path> left = Files.list(dir)) {
            assertEquals(List.of(), left.toList(), "no checkpoint and no temporary folder left");
        }
    }

    @Test
    void aFolderHoldingANanIsRefusedWhenItIsLoaded() throws Exception {
        Path folder = LoraFixture.base(dir.resolve("model"), false);
        Files.delete(folder.resolve(Checkpoint.MANIFEST)); // a Hugging Face folder
        String name = "model.layers.0.self_attn.q_proj.weight";
        SafeTensorsDamage.setFloat(folder.resolve(Checkpoint.MODEL), name, 5, Float.NaN);
        try (NDManager root = TestModels.manager()) {
            CheckpointException refused =
                    assertThrows(
                            CheckpointException.class,
                            () -> HfCheckpoint.load(folder, root, DataType.FLOAT32));
            assertTrue(
                    refused.getMessage()
                            .contains(
                                    "\""
                                            + name
                                            + "\" of "
                                            + folder.resolve(Checkpoint.MODEL)
                                            + " holds NaN at element 5"),
                    refused.getMessage());
        }
    }

    @Test
    void theCheckedViewPassesFiniteTensorsUnchanged() throws IOException {
        TensorData t = TensorData.ofFloats(new long[] {2, 2}, new float[] {1, 2, 3, 4});
        StoredTensor checked = FiniteValues.checked(t, "t", "memory");
        ByteBuffer all = ByteBuffer.allocate(16);
        checked.stream(8, (chunk, row, rows) -> all.put(chunk));
        assertEquals(ByteBuffer.wrap(t.data()), all.flip());
        TensorData ids = TensorData.ofLongs(new long[] {1}, new long[] {1});
        assertTrue(FiniteValues.checked(ids, "i", "m") == ids, "integers are not checked");
    }
}
