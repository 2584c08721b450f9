package dev.dynalens.ui.connections;

import static org.assertj.core.api.Assertions.assertThat;

import dev.dynalens.domain.connection.AwsProfileSummary;
import dev.dynalens.domain.connection.ConnectionProfile;
import dev.dynalens.domain.connection.ConnectionTag;
import dev.dynalens.domain.connection.CredentialsSource;
import dev.dynalens.service.AwsEnvironment;
import java.net.URI;
import java.util.List;
import org.junit.jupiter.api.Test;

class ConnectionEditorViewModelTest {
    private final AwsEnvironment environment = new AwsEnvironment() {
        @Override public List<AwsProfileSummary> profiles() {
            return List.of(new AwsProfileSummary("default", AwsProfileSummary.Kind.STATIC_KEYS, "us-east-1"),
                    new AwsProfileSummary("prod-sso", AwsProfileSummary.Kind.SSO, "eu-west-1"));
        }
        @Override public List<String> regions() { return List.of("eu-west-1", "us-east-1"); }
        @Override public boolean isKnownRegion(String region) { return regions().contains(region); }
    };

    @Test
    void newForm_startsOnTheDefaultProfile_andAsksForAName() {
        var model = new ConnectionEditorViewModel(environment);
        assertThat(model.profileNameProperty().get()).isEqualTo("default");
        assertThat(model.problemProperty().get()).isEqualTo("Give the connection a name.");
        assertThat(model.toProfile()).isEmpty();
    }

    @Test
    void choosingAProfile_takesItsRegion() {
        var model = new ConnectionEditorViewModel(environment);
        model.profileNameProperty().set("prod-sso");
        assertThat(model.regionProperty().get()).isEqualTo("eu-west-1");
    }

    @Test
    void localMode_suggestsAnEndpointAndTheLocalTag() {
        var model = new ConnectionEditorViewModel(environment);
        model.nameProperty().set("dynalite");
        model.credentialsModeProperty().set(ConnectionEditorViewModel.CredentialsMode.LOCAL);
        var profile = model.toProfile().orElseThrow();
        assertThat(profile.credentials()).isInstanceOf(CredentialsSource.LocalPlaceholder.class);
        assertThat(profile.endpointOverride()).isEqualTo(URI.create("http://localhost:8000"));
        assertThat(profile.tag()).isEqualTo(ConnectionTag.LOCAL);
    }

    @Test
    void badEndpoint_isExplained() {
        var model = new ConnectionEditorViewModel(environment);
        model.nameProperty().set("x");
        model.endpointProperty().set("localhost:8000");
        assertThat(model.problemProperty().get()).contains("http:// or https://");
        assertThat(model.validBinding().get()).isFalse();
    }

    @Test
    void unknownRegion_isAHint_notABlocker() {
        var model = new ConnectionEditorViewModel(environment);
        model.nameProperty().set("x");
        model.regionProperty().set("eu-wset-1");
        assertThat(model.hintProperty().get()).contains("eu-wset-1");
        assertThat(model.toProfile()).isPresent();
    }

    @Test
    void productionTag_turnsReadOnlyOn() {
        var model = new ConnectionEditorViewModel(environment);
        model.tagProperty().set(ConnectionTag.PRODUCTION);
        assertThat(model.readOnlyProperty().get()).isTrue();
    }

    @Test
    void editing_keepsTheIdAndEveryField() {
        var saved = ConnectionProfile.create("Prod", new CredentialsSource.Profile("prod-sso"), "eu-west-1", null, true,
                ConnectionTag.PRODUCTION);
        var model = new ConnectionEditorViewModel(environment);
        model.load(saved);
        assertThat(model.isEditing()).isTrue();
        assertThat(model.toProfile()).contains(saved);
        model.nameProperty().set("Prod EU");
        assertThat(model.toProfile().orElseThrow().id()).isEqualTo(saved.id());
    }
}
