package dev.dynalens.ui.connections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.AwsProfileSummary;
import dev.dynalens.domain.connection.CallTimeouts;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.service.AwsEnvironment;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Issue 16: the connection form sets a connection's timeouts, in seconds, checked as they are typed. */
class ConnectionTimeoutsViewModelTest {
    private final AwsEnvironment environment = new AwsEnvironment() {
        @Override public List<AwsProfileSummary> profiles() { return List.of(); }
        @Override public List<String> regions() { return List.of("us-east-1"); }
        @Override public boolean isKnownRegion(String region) { return true; }
    };

    private ConnectionEditorViewModel form() {
        var model = new ConnectionEditorViewModel(environment);
        model.nameProperty().set("slow VPN");
        return model;
    }

    @Test
    void aNewConnection_hasTheDefaultTimeouts() {
        var model = form();
        assertThat(model.attemptTimeoutProperty().get()).isEqualTo("10");
        assertThat(model.totalTimeoutProperty().get()).isEqualTo("20");
        assertThat(model.toProfile().orElseThrow().timeouts()).isEqualTo(CallTimeouts.DEFAULT);
    }

    @Test
    void typedTimeouts_goIntoTheProfile_andAnEditedConnectionShowsItsOwn() {
        var model = form();
        model.attemptTimeoutProperty().set("2.5");
        model.totalTimeoutProperty().set("60");

        var profile = model.toProfile().orElseThrow();
        assertThat(profile.timeouts()).isEqualTo(CallTimeouts.ofSeconds(2.5, 60));

        var edited = new ConnectionEditorViewModel(environment);
        edited.load(ConnectionProfile.local("x", URI.create("http://localhost:8000")).withTimeouts(CallTimeouts.ofSeconds(3, 9)));
        assertThat(edited.attemptTimeoutProperty().get()).isEqualTo("3");
        assertThat(edited.totalTimeoutProperty().get()).isEqualTo("9");
    }

    @Test
    void timeoutsThatAreNotNumbers_orATotalShorterThanAnAttempt_areSaidInWords() {
        var model = form();
        model.attemptTimeoutProperty().set("ten");
        assertThat(model.problemProperty().get()).isEqualTo("The attempt timeout is a number of seconds, like 10.");
        assertThat(model.toProfile()).isEmpty();

        model.attemptTimeoutProperty().set("30");
        assertThat(model.problemProperty().get()).isEqualTo("The total timeout (20 s) is shorter than one attempt's (30 s).");

        model.totalTimeoutProperty().set("30");
        assertThat(model.problemProperty().get()).isEmpty();
    }
}
