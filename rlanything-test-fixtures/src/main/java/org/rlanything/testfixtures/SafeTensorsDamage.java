package org.rlanything.testfixtures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Damages a safetensors file in place, as a bad export or a training that diverged leaves one: the
 * tool refuses to write such weights itself, so tests that need them write the bytes here.
 */
public final class SafeTensorsDamage {

    private SafeTensorsDamage() {}

    /**
     * Writes {@code value} over element {@code index} of the F32 tensor {@code name} of {@code
     * file} (an 8-byte little-endian header length, the JSON header, then the data).
     */
    public static void setFloat(Path file, String name, long index, float value)
            throws IOException {
        try (FileChannel ch =
                FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer length = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
            ch.read(length, 0);
            long headerLength = length.flip().getLong();
            ByteBuffer header = ByteBuffer.allocate(Math.toIntExact(headerLength));
            ch.read(header, 8);
            JsonNode tensor = new ObjectMapper().readTree(header.array()).get(name);
            if (tensor == null || !"F32".equals(tensor.path("dtype").asText())) {
                throw new IllegalArgumentException(file + " holds no F32 tensor " + name);
            }
            long start = tensor.get("data_offsets").get(0).asLong();
            ByteBuffer bytes =
                    ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putFloat(value).flip();
            ch.write(bytes, 8 + headerLength + start + 4 * index);
        }
    }
}
