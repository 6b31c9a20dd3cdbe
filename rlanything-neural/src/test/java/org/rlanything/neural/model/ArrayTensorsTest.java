package org.rlanything.neural.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.Test;

/** Float32 to BF16 as PyTorch rounds it: to nearest, ties to even. */
class ArrayTensorsTest {

    @Test
    void roundsToNearestEven() {
        float[] in = {
            1.0f,
            Float.intBitsToFloat(0x3F808000), // halfway between 0x3F80 and 0x3F81: to even 0x3F80
            Float.intBitsToFloat(0x3F818000), // halfway between 0x3F81 and 0x3F82: to even 0x3F82
            Float.intBitsToFloat(0x3F808001), // just above halfway: up
            -2.5f,
            Float.NaN
        };
        ByteBuffer floats = ByteBuffer.allocate(in.length * 4).order(ByteOrder.nativeOrder());
        for (float f : in) {
            floats.putFloat(f);
        }
        floats.flip();
        ByteBuffer out = ArrayTensors.bfloat16(floats);
        int[] expected = {0x3F80, 0x3F80, 0x3F82, 0x3F81, 0xC020, 0x7FC0};
        for (int e : expected) {
            assertEquals(e, out.getShort() & 0xFFFF);
        }
    }
}
