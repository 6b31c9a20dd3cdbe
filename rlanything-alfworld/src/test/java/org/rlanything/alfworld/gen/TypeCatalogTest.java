package org.rlanything.alfworld.gen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TypeCatalogTest {

    private static JsonNode derivedTables() throws IOException {
        return new ObjectMapper()
                .readTree(GenFixtures.data().root().resolve("derived_type_tables.json").toFile());
    }

    private static String bare(String pddlType) {
        return pddlType.substring(0, pddlType.length() - "Type".length());
    }

    @Test
    void coversEveryCanContainFactOfTheEvaluationGames() throws IOException {
        TypeCatalog catalog = GenFixtures.catalog();
        List<String> missing = new ArrayList<>();
        for (JsonNode pair : derivedTables().get("canContain")) {
            String rtype = bare(pair.get(0).asText());
            String otype = bare(pair.get(1).asText());
            if (!catalog.canContain(rtype, otype)) {
                missing.add(rtype + "/" + otype);
            }
        }
        assertEquals(List.of(), missing);
    }

    @Test
    void coversEveryCapabilityOfTheEvaluationGames() throws IOException {
        TypeCatalog catalog = GenFixtures.catalog();
        List<String> missing = new ArrayList<>();
        derivedTables()
                .get("object_types_with_capability")
                .fields()
                .forEachRemaining(
                        entry -> {
                            Capability capability = Capability.ofPredicate(entry.getKey());
                            for (JsonNode type : entry.getValue()) {
                                if (!catalog.has(bare(type.asText()), capability)) {
                                    missing.add(entry.getKey() + "/" + type.asText());
                                }
                            }
                        });
        assertEquals(List.of(), missing);
    }

    @Test
    void declaresTheTypesAlfworldGamesDeclare() {
        TypeCatalog catalog = GenFixtures.catalog();
        assertEquals(79, catalog.objectTypes().size());
        assertEquals(30, catalog.receptacleTypes().size());
        assertTrue(catalog.opens("Fridge"));
        assertTrue(!catalog.opens("CounterTop"));
        assertTrue(
                catalog.canContain("DiningTable", "Apple"),
                "table-tops share the table content group");
    }
}
