package org.rlanything.neural.io;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SafeTensorsTest {

    @TempDir Path dir;

    private static Map<String, TensorData> sample() {
        Map<String, TensorData> t = new LinkedHashMap<>();
        t.put("model.norm.weight", TensorData.ofFloats(new long[] {3}, new float[] {1f, 2f, 3f}));
        t.put("b", TensorData.ofDoubles(new long[] {2, 1}, new double[] {0.5, -1}));
        t.put("steps", TensorData.ofLongs(new long[] {}, new long[] {42}));
        return t;
    }

    @Test
    void roundTripsAndFollowsTheLayout() throws Exception {
        Path f = dir.resolve("w.safetensors");
        SafeTensors.write(f, sample(), Map.of("format", "pt"));
        byte[] bytes = Files.readAllBytes(f);
        long n = ByteBuffer.wrap(bytes, 0, 8).order(ByteOrder.LITTLE_ENDIAN).getLong();
        assertEquals(0, n % 8);
        String header = new String(bytes, 8, (int) n, StandardCharsets.UTF_8);
        assertTrue(
                header.contains(
                        "\"model.norm.weight\":{\"dtype\":\"F32\",\"shape\":[3],\"data_offsets\":[0,12]}"),
                header);
        SafeTensors.Contents c = SafeTensors.read(f);
        assertEquals(sample(), c.tensors());
        assertEquals("pt", c.metadata().get("format"));
        assertArrayEquals(
                new float[] {1f, 2f, 3f}, c.tensors().get("model.norm.weight").toFloats());
    }

    @Test
    void rejectsTruncationAndCorruptionNamingTheFile() throws Exception {
        byte[] good = SafeTensors.toBytes(sample(), Map.of());
        for (int cut : new int[] {0, 5, 8, 20, good.length - 1}) {
            CheckpointException e =
                    assertThrows(
                            CheckpointException.class,
                            () ->
                                    SafeTensors.parse(
                                            Arrays.copyOf(good, cut), "ckpt/model.safetensors"));
            assertTrue(e.getMessage().contains("ckpt/model.safetensors"), e.getMessage());
        }
        byte[] extra = Arrays.copyOf(good, good.length + 4);
        assertThrows(CheckpointException.class, () -> SafeTensors.parse(extra, "x"));
        byte[] badHeader = good.clone();
        badHeader[8] = '#';
        assertThrows(CheckpointException.class, () -> SafeTensors.parse(badHeader, "x"));
        byte[] hugeLength = good.clone();
        hugeLength[7] = 0x7f;
        assertThrows(CheckpointException.class, () -> SafeTensors.parse(hugeLength, "x"));
    }
}
