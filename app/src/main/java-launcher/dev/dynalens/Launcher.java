package dev.dynalens;

import java.lang.reflect.InvocationTargetException;

/**
 * Entry point of the runnable jar and of the installers' launchers. It is compiled for Java 8 (its own source
 * folder, see the pom) so that a machine whose {@code java} is older than 21 gets a sentence saying what to install
 * instead of an {@code UnsupportedClassVersionError}; everything else starts in {@link Startup}, reached by name so
 * that this class refers to nothing compiled for Java 21.
 */
public final class Launcher {
    /** The Java release the rest of the jar is compiled for. */
    static final int REQUIRED_JAVA = 21;

    private Launcher() {
    }

    public static void main(String[] args) throws Exception {
        String problem = javaProblem(System.getProperty("java.specification.version"), System.getProperty("java.home"));
        if (problem != null) {
            System.err.println(problem);
            System.exit(1);
        }
        try {
            Class.forName("dev.dynalens.Startup").getMethod("main", String[].class).invoke(null, (Object) args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception) throw (Exception) cause;
            if (cause instanceof Error) throw (Error) cause;
            throw e;
        }
    }

    /**
     * The sentence for a Java older than {@link #REQUIRED_JAVA}, or null when this Java will do (or says a version
     * this class cannot read, in which case starting is the better guess).
     *
     * @param specificationVersion {@code java.specification.version}: "1.8" up to Java 8, "17" since Java 9
     */
    static String javaProblem(String specificationVersion, String javaHome) {
        int major = major(specificationVersion);
        if (major <= 0 || major >= REQUIRED_JAVA) {
            return null;
        }
        return "DynaLens needs Java " + REQUIRED_JAVA + " or newer, but it was started with Java " + major
                + (javaHome == null ? "" : " (" + javaHome + ")") + ": install a Java " + REQUIRED_JAVA
                + " runtime or JDK (for example Eclipse Temurin " + REQUIRED_JAVA + ") and start DynaLens with its java,"
                + " or install DynaLens from its installer, which brings its own Java.";
    }

    private static int major(String version) {
        if (version == null) {
            return -1;
        }
        String text = version.startsWith("1.") ? version.substring(2) : version;
        int end = 0;
        while (end < text.length() && Character.isDigit(text.charAt(end))) {
            end++;
        }
        try {
            return end == 0 ? -1 : Integer.parseInt(text.substring(0, end));
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
