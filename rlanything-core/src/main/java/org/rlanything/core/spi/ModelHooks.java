package org.rlanything.core.spi;

/**
 * What an environment offers the model kinds besides its parts: one object that implements the
 * hand-off interfaces the model kinds declare in their own modules (the neural kinds' {@code
 * NeuralModels}: how to make neural models for this environment's prompts; the openai kinds' {@code
 * EndpointRoles}: this environment's own endpoint roles). A model kind asks with a type pattern
 * ({@code environment.hooks() instanceof NeuralModels models}) and refuses, or uses its own generic
 * form, when the environment offers none. A hook whose interface lives in a model module is offered
 * by a bridge module named for the setting and the model ({@link ModelHooksProvider}), so that no
 * setting depends on a model. No map of classes, no cast. This is the one way a kind says that it
 * needs something of the environment (the linear kinds' {@link StepFeatures}, the tabular kinds'
 * {@code DoorButtonTables}): no compare of kind names, no test of the environment's class; a kind
 * that finds no hook refuses with {@link EnvironmentParts#refuses}.
 */
public interface ModelHooks {

    /** An environment that offers no hook. */
    ModelHooks NONE = new ModelHooks() {};

    /**
     * One hooks object offering every hook of {@code parts} (an environment whose hooks depend on
     * what its server or files offer: a description always, a solver and step features where
     * present): it implements each interface a part implements, and a call goes to the first part
     * that implements the method's interface. Parts that are null are left out.
     */
    static ModelHooks combine(ModelHooks... parts) {
        java.util.List<ModelHooks> present = new java.util.ArrayList<>();
        java.util.Set<Class<?>> interfaces = new java.util.LinkedHashSet<>();
        for (ModelHooks part : parts) {
            if (part == null) {
                continue;
            }
            present.add(part);
            for (Class<?> type = part.getClass(); type != null; type = type.getSuperclass()) {
                collect(type, interfaces);
            }
        }
        if (present.isEmpty()) {
            return NONE;
        }
        if (present.size() == 1) {
            return present.get(0);
        }
        interfaces.add(ModelHooks.class);
        return (ModelHooks)
                java.lang.reflect.Proxy.newProxyInstance(
                        ModelHooks.class.getClassLoader(),
                        interfaces.toArray(new Class<?>[0]),
                        (proxy, method, args) -> {
                            if (method.getDeclaringClass() == Object.class) {
                                return switch (method.getName()) {
                                    case "equals" -> proxy == args[0];
                                    case "hashCode" -> System.identityHashCode(proxy);
                                    default -> "hooks " + present;
                                };
                            }
                            for (ModelHooks part : present) {
                                if (method.getDeclaringClass().isInstance(part)) {
                                    try {
                                        return method.invoke(part, args);
                                    } catch (java.lang.reflect.InvocationTargetException e) {
                                        throw e.getCause();
                                    }
                                }
                            }
                            throw new UnsupportedOperationException(method.toString());
                        });
    }

    private static void collect(Class<?> type, java.util.Set<Class<?>> into) {
        for (Class<?> i : type.getInterfaces()) {
            if (ModelHooks.class.isAssignableFrom(i)
                    && java.lang.reflect.Modifier.isPublic(i.getModifiers())) {
                into.add(i);
            }
            collect(i, into);
        }
    }
}
