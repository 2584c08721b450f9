package dev.dynalens.domain.appstate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.appstate.WindowPlacement.Screen;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WindowPlacementTest {
    private static final Screen FULL_HD = new Screen(0, 0, 1920, 1040);   // a 1080p screen less a 40 px task bar
    private static final Screen RIGHT = new Screen(1920, 0, 2560, 1400);

    @ParameterizedTest(name = "{0} × {1} screen: {2} × {3} at {4}, {5}")
    @CsvSource(textBlock = """
            1920, 1040, 1536,  884, 192,  78
            2560, 1400, 2048, 1190, 256, 105
            1280,  720, 1024,  640, 128,  40
            1024,  700,  960,  640,  32,  30
             800,  560,  800,  560,   0,   0
            """)
    void aFirstWindow_takesAShareOfThePrimaryScreen_atLeastTheMinimumTheScreenAllows_centred(double screenWidth, double screenHeight,
            double width, double height, double x, double y) {
        var screen = new Screen(0, 0, screenWidth, screenHeight);

        var bounds = WindowPlacement.initial(Optional.empty(), screen, List.of(screen));

        assertThat(bounds).isEqualTo(new WindowBounds(x, y, width, height, false));
    }

    @Test
    void theWindowOfTheLastRun_opensWhereItWas_alsoOnASecondScreen_andMaximizedIfItWas() {
        var onSecond = new WindowBounds(2100, 50, 1700, 1000, true);
        var onFirst = new WindowBounds(10, 20, 1000, 700, false);

        assertThat(WindowPlacement.initial(Optional.of(onSecond), FULL_HD, List.of(FULL_HD, RIGHT))).isEqualTo(onSecond);
        assertThat(WindowPlacement.initial(Optional.of(onFirst), FULL_HD, List.of(FULL_HD, RIGHT))).isEqualTo(onFirst);
    }

    @Test
    void aWindowSavedOnAScreenThatIsGone_opensOnThePrimaryOne_atItsShare() {
        var onSecond = new WindowBounds(2100, 50, 1700, 1000, false);

        assertThat(WindowPlacement.initial(Optional.of(onSecond), FULL_HD, List.of(FULL_HD)))
                .isEqualTo(WindowPlacement.share(FULL_HD));
    }

    @Test
    void aWindowLargerThanItsScreenNow_shrinksToIt_andMovesInside() {
        var saved = new WindowBounds(200, 100, 2400, 1300, false); // saved on a larger screen; its title bar is on this one

        assertThat(WindowPlacement.initial(Optional.of(saved), FULL_HD, List.of(FULL_HD)))
                .isEqualTo(new WindowBounds(0, 0, 1920, 1040, false));
    }

    @Test
    void aWindowWhoseTitleBarIsAboveEveryScreen_isNotRestoredThere() {
        var saved = new WindowBounds(100, -300, 1000, 700, false);

        assertThat(WindowPlacement.initial(Optional.of(saved), FULL_HD, List.of(FULL_HD))).isEqualTo(WindowPlacement.share(FULL_HD));
    }
}
