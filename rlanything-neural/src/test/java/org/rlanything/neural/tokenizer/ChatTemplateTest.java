package org.rlanything.neural.tokenizer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.rlanything.neural.parity.ModelFixtures;

/**
 * Chat templates rendered by Jinjava equal Debian's python3-jinja2 (3.1.2, with transformers'
 * environment: trim_blocks, lstrip_blocks) byte for byte: Llama 3.2's, Qwen2's, Qwen2.5's and
 * Qwen3's real templates on seeded ALFWorld conversations (system or not, one to four user turns,
 * reasoning blocks that Qwen3's template moves, with and without the generation prompt), rendered
 * by {@code scripts/models/build_fixtures.py}.
 */
class ChatTemplateTest {

    @Test
    void rendersLikePythonJinja2() throws Exception {
        JsonNode fixture =
                new ObjectMapper().readTree(ModelFixtures.root().resolve("chat.json").toFile());
        Map<String, ChatTemplate> templates = new HashMap<>();
        fixture.get("templates")
                .fields()
                .forEachRemaining(
                        e -> templates.put(e.getKey(), new ChatTemplate(e.getValue().asText())));
        Map<String, Integer> perTemplate = new TreeMap<>();
        List<String> differing = new ArrayList<>();
        for (JsonNode c : fixture.get("cases")) {
            List<ChatTemplate.Message> messages = new ArrayList<>();
            for (JsonNode m : c.get("messages")) {
                messages.add(
                        new ChatTemplate.Message(
                                m.get("role").asText(), m.get("content").asText()));
            }
            Map<String, Object> extra = new HashMap<>();
            c.get("extra")
                    .fields()
                    .forEachRemaining(e -> extra.put(e.getKey(), e.getValue().asText()));
            String name = c.get("template").asText();
            String ours =
                    templates
                            .get(name)
                            .render(
                                    messages,
                                    c.get("add_generation_prompt").asBoolean(),
                                    text(c.get("specials").get("bos_token")),
                                    text(c.get("specials").get("eos_token")),
                                    extra);
            perTemplate.merge(name, 1, Integer::sum);
            if (!ours.equals(c.get("expected").asText())) {
                differing.add(
                        name
                                + ": "
                                + ours
                                + "\n--- python3-jinja2:\n"
                                + c.get("expected").asText());
            }
        }
        System.out.println("chat renderings compared with python3-jinja2: " + perTemplate);
        assertEquals(List.of(), differing.subList(0, Math.min(3, differing.size())));
        assertEquals(4, perTemplate.size());
        assertTrue(perTemplate.values().stream().allMatch(n -> n >= 30), perTemplate.toString());
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? null : n.asText();
    }

    @Test
    void pythonStringMethodsAndSyntaxWithoutFixtures() {
        ChatTemplate t =
                new ChatTemplate(
                        "{%- set ns = namespace(last=messages|length - 1, seen=false) %}"
                                + "{%- for m in messages[::-1] %}{{ m.content.split('.')[-1].strip() }}|{% endfor %}"
                                + "{{ ns.last }}{% if messages[0].content.startswith('a.') %}T{% endif %}"
                                + "{{ ' x\\n'.lstrip() ~ '\\n\\ny\\n'.strip('\\n') }}");
        String out =
                t.render(
                        List.of(
                                new ChatTemplate.Message("user", "a.b. c"),
                                new ChatTemplate.Message("assistant", "d.e")),
                        false,
                        null,
                        null,
                        Map.of());
        assertEquals("e|c|1Tx\ny", out); // python3-jinja2 gives the same
    }

    @Test
    void raiseExceptionFailsTheRendering() {
        ChatTemplate t = new ChatTemplate("{{ raise_exception('only user turns') }}");
        IllegalArgumentException e =
                assertThrows(
                        IllegalArgumentException.class,
                        () -> t.render(List.of(), false, null, null, Map.of()));
        assertTrue(e.getMessage().contains("only user turns"), e.getMessage());
    }
}
