package org.rlanything.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.rlanything.core.spi.EnvironmentParts;
import org.rlanything.core.spi.ModelHooks;
import org.rlanything.core.spi.ProviderRegistry;
import org.rlanything.core.spi.RunContext;
import org.rlanything.neural.provider.NeuralModels;
import org.rlanything.openai.EndpointRoles;
import org.rlanything.run.config.ConfigLoader;
import org.rlanything.run.config.RunConfig;

/**
 * The coding kinds offer the model kinds' hooks through their bridge modules alone: the setting's
 * own provider offers neither {@link NeuralModels} nor {@link EndpointRoles}, and {@link
 * ProviderRegistry#createEnvironment} joins what rlanything-coding-neural and
 * rlanything-coding-openai add, keeping the environment's own hook beside them.
 */
class BridgeHooksTest {

    private static RunContext context(ProviderRegistry registry, RunConfig config) {
        return new RunContext(
                3,
                config.algorithm(),
                0,
                null,
                config.policy(),
                config.rewardModel(),
                line -> {},
                registry.engine(config.trainer().rolloutEngine()).create(config.trainer().engine()),
                0);
    }

    @Test
    void theCodingMiniKindGetsItsModelHooksFromBothBridges() throws IOException {
        ProviderRegistry registry = ProviderRegistry.get();
        assertEquals(
                Set.of("MiniNeuralHooks", "MiniEndpointHooks"),
                registry.bridges("coding-mini").stream()
                        .map(b -> b.getClass().getSimpleName())
                        .collect(Collectors.toSet()));
        RunConfig config =
                ConfigLoader.parse(
                        "environment: {kind: coding-mini, pool_size: 8}\n", "the test", List.of());
        RunContext context = context(registry, config);
        EnvironmentParts own =
                registry.environments()
                        .of(config.environment())
                        .createFrom(config.environment(), context);
        assertSame(ModelHooks.NONE, own.hooks());
        EnvironmentParts joined = registry.createEnvironment(config.environment(), context);
        assertTrue(joined.hooks() instanceof NeuralModels, "neural: " + joined.hooks());
        assertTrue(joined.hooks() instanceof EndpointRoles, "openai: " + joined.hooks());
        // the endpoint roles' rewriter is the environment's own, rule-based one
        assertSame(
                joined.rewriter().getClass(),
                ((EndpointRoles) joined.hooks()).rewriter(null).getClass());
    }

    @Test
    void aKindWithoutBridgesKeepsItsOwnHooks() throws IOException {
        ProviderRegistry registry = ProviderRegistry.get();
        assertTrue(registry.bridges("keylock").isEmpty());
        RunConfig config =
                ConfigLoader.parse("environment: {kind: keylock}\n", "the test", List.of());
        RunContext context = context(registry, config);
        ModelHooks own =
                registry.environments()
                        .of(config.environment())
                        .createFrom(config.environment(), context)
                        .hooks();
        ModelHooks joined = registry.createEnvironment(config.environment(), context).hooks();
        assertEquals(own.getClass(), joined.getClass());
        assertFalse(joined instanceof NeuralModels);
    }
}
