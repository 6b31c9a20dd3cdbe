package org.rlanything.neural.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rlanything.core.Seeds;
import org.rlanything.neural.checkpoint.Checkpoint;
import org.rlanything.neural.io.SafeTensorsWriter;
import org.rlanything.neural.io.StoredTensor;
import org.rlanything.neural.model.ModelConfig;
import org.rlanything.neural.model.ModelWeights;
import org.rlanything.neural.tokenizer.BpeTokenizer;

/**
 * A model just over the old 2 GiB limit (one float32 safetensors file of 2.21 GB, which a Java
 * array cannot hold) imports and exports byte for byte, with a modest heap: the file is generated
 * here, in a temporary folder deleted after.
 */
class LargeModelTest {

    private static final BpeTokenizer TOKENIZER =
            BpeTokenizer.train(List.of("go to desk 1", "open drawer 2", "go to desk 2"), 280);

    /** 162 narrow layers: 552,528,384 parameters, 2,210,113,536 bytes of float32. */
    private static final ModelConfig NARROW_DEEP =
            new ModelConfig(TOKENIZER.vocabSize(), 512, 1536, 162, 8, 64, 10000.0, 1e-6, 3L);

    @TempDir Path dir;

    @Test
    void aModelOverTwoGibibytesImportsAndExportsWithAModestHeap() throws IOException {
        Path hf = Files.createDirectory(dir.resolve("hf"));
        ObjectMapper json = new ObjectMapper();
        Files.write(
                hf.resolve(Checkpoint.CONFIG), json.writeValueAsBytes(NARROW_DEEP.toHfConfig()));
        Files.write(hf.resolve(Checkpoint.TOKENIZER), TOKENIZER.toJson());
        Map<String, StoredTensor> tensors = new LinkedHashMap<>();
        ModelWeights.layout(NARROW_DEEP)
                .forEach((name, shape) -> tensors.put(name, new Seeded(name, shape)));
        SafeTensorsWriter.Written source =
                SafeTensorsWriter.write(
                        hf.resolve(Checkpoint.MODEL), tensors, Map.of("format", "pt"));
        assertTrue(source.bytes() > 1L << 31, "over 2 GiB: " + source.bytes());

        resetPeaks();
        long start = System.nanoTime();
        ModelCommand.importFolder(hf, dir.resolve("imported"), null);
        long imported = System.nanoTime();
        ModelCommand.export(dir.resolve("imported"), dir.resolve("exported"), null);
        long exported = System.nanoTime();
        long heapPeak = heapPeak();

        // import copies the stored bytes; export loads them into float32 arrays and writes them
        // back
        assertEquals(source.sha256(), manifestDigest(dir.resolve("imported"), json));
        assertEquals(source.sha256(), manifestDigest(dir.resolve("exported"), json));
        Map<?, ?> config = json.readValue(dir.resolve("exported/config.json").toFile(), Map.class);
        assertEquals("float32", config.get("torch_dtype"));
        assertTrue(
                heapPeak < 768L << 20,
                "the heap's peak stays modest (no whole-file arrays): "
                        + (heapPeak >> 20)
                        + " MiB");
        System.out.printf(
                "LargeModelTest: %d bytes; import %.1f s, export %.1f s, heap peak %d MiB%n",
                source.bytes(),
                (imported - start) / 1e9,
                (exported - imported) / 1e9,
                heapPeak >> 20);
    }

    private static String manifestDigest(Path checkpoint, ObjectMapper json) throws IOException {
        Map<?, ?> manifest =
                json.readValue(checkpoint.resolve(Checkpoint.MANIFEST).toFile(), Map.class);
        Map<?, ?> files = (Map<?, ?>) manifest.get("files");
        return (String) ((Map<?, ?>) files.get(Checkpoint.MODEL)).get("sha256");
    }

    private static void resetPeaks() {
        System.gc();
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                pool.resetPeakUsage();
            }
        }
    }

    private static long heapPeak() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    /**
     * Float32 values in ±0.02 drawn from a generator seeded by the tensor's name, made as streamed.
     */
    private record Seeded(String name, long[] shape) implements StoredTensor {

        @Override
        public String dtype() {
            return "F32";
        }

        @Override
        public long[] shape() {
            return shape.clone();
        }

        @Override
        public void stream(long maxBytes, ChunkSink sink) throws IOException {
            // xorshift from a seed per tensor: cheap, and no two tensors alike
            long x = new SplittableRandom(Seeds.derive(36, Seeds.purpose(name))).nextLong() | 1;
            long rowBytes = StoredTensor.rowBytes(shape, "F32");
            long rows = StoredTensor.rows(shape);
            long perChunk = StoredTensor.rowsPerChunk(shape, "F32", maxBytes);
            ByteBuffer buf =
                    ByteBuffer.allocate((int) (Math.min(perChunk, rows) * rowBytes))
                            .order(ByteOrder.LITTLE_ENDIAN);
            for (long row = 0; row < rows; row += perChunk) {
                long n = Math.min(perChunk, rows - row);
                buf.clear();
                java.nio.IntBuffer ints = buf.asIntBuffer();
                int[] values = new int[(int) (n * rowBytes / 4)];
                for (int i = 0; i < values.length; i++) {
                    x ^= x << 13;
                    x ^= x >>> 7;
                    x ^= x << 17;
                    // a float in ±[0.0078, 0.0156): exponent 120, random sign and mantissa
                    values[i] = (int) (x & 0x807FFFFFL) | (120 << 23);
                }
                ints.put(values);
                buf.limit(values.length * 4);
                sink.accept(buf, row, n);
            }
        }
    }
}
