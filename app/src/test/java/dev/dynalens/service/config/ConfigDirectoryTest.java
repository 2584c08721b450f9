package dev.dynalens.service.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConfigDirectoryTest {
    private final Path home = Path.of("/home/ada");

    @Test
    void linux_usesXdgConfigHome_whenAbsolute() {
        assertThat(ConfigDirectory.resolve(null, "Linux", Map.of("XDG_CONFIG_HOME", "/xdg"), home))
                .isEqualTo(Path.of("/xdg/dynalens"));
    }

    @Test
    void linux_ignoresRelativeXdgConfigHome_andFallsBackToDotConfig() {
        assertThat(ConfigDirectory.resolve(null, "Linux", Map.of("XDG_CONFIG_HOME", "relative"), home))
                .isEqualTo(Path.of("/home/ada/.config/dynalens"));
        assertThat(ConfigDirectory.resolve(null, "Linux", Map.of(), home)).isEqualTo(Path.of("/home/ada/.config/dynalens"));
    }

    @Test
    void macOs_usesApplicationSupport() {
        assertThat(ConfigDirectory.resolve(null, "Mac OS X", Map.of(), home))
                .isEqualTo(Path.of("/home/ada/Library/Application Support/DynaLens"));
    }

    @Test
    void windows_usesAppData() {
        assertThat(ConfigDirectory.resolve(null, "Windows 11", Map.of("APPDATA", "/appdata"), home))
                .isEqualTo(Path.of("/appdata", "DynaLens"));
    }

    @Test
    void systemPropertyOverride_wins() {
        assertThat(ConfigDirectory.resolve("/tmp/x", "Linux", Map.of("XDG_CONFIG_HOME", "/xdg"), home)).isEqualTo(Path.of("/tmp/x"));
    }
}
