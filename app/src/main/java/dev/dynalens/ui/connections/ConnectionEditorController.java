package dev.dynalens.ui.connections;

import dev.dynalens.domain.connection.AwsProfileSummary;
import dev.dynalens.domain.connection.ConnectionTag;
import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;

/** Thin FXML controller: binds the connection form to its view model, nothing more. */
public final class ConnectionEditorController {
    @FXML private TextField nameField;
    @FXML private ComboBox<ConnectionEditorViewModel.CredentialsMode> credentialsModeBox;
    @FXML private Label profileLabel;
    @FXML private ComboBox<String> profileBox;
    @FXML private ComboBox<String> regionBox;
    @FXML private TextField endpointField;
    @FXML private ComboBox<ConnectionTag> tagBox;
    @FXML private CheckBox readOnlyBox;
    @FXML private TextField attemptTimeoutField;
    @FXML private TextField totalTimeoutField;
    @FXML private Label hintLabel;
    @FXML private Label problemLabel;
    @FXML private Label testResultLabel;

    void bind(ConnectionEditorViewModel model) {
        nameField.textProperty().bindBidirectional(model.nameProperty());
        credentialsModeBox.getItems().setAll(ConnectionEditorViewModel.CredentialsMode.values());
        credentialsModeBox.valueProperty().bindBidirectional(model.credentialsModeProperty());
        profileBox.getItems().setAll(model.profiles().stream().map(AwsProfileSummary::name).toList());
        profileBox.valueProperty().bindBidirectional(model.profileNameProperty());
        var usesProfile = Bindings.equal(model.credentialsModeProperty(), ConnectionEditorViewModel.CredentialsMode.PROFILE);
        for (var node : new javafx.scene.Node[] {profileLabel, profileBox}) {
            node.visibleProperty().bind(usesProfile);
            node.managedProperty().bind(usesProfile);
        }
        regionBox.getItems().setAll(model.regions());
        regionBox.valueProperty().bindBidirectional(model.regionProperty());
        endpointField.textProperty().bindBidirectional(model.endpointProperty());
        tagBox.getItems().setAll(java.util.Arrays.stream(ConnectionTag.values()).filter(t -> t != ConnectionTag.FILE).toList());
        tagBox.valueProperty().bindBidirectional(model.tagProperty());
        readOnlyBox.selectedProperty().bindBidirectional(model.readOnlyProperty());
        attemptTimeoutField.textProperty().bindBidirectional(model.attemptTimeoutProperty());
        totalTimeoutField.textProperty().bindBidirectional(model.totalTimeoutProperty());
        hintLabel.textProperty().bind(model.hintProperty());
        problemLabel.textProperty().bind(model.problemProperty());
    }

    void showTestResult(String message, boolean ok) {
        testResultLabel.setText(message);
        testResultLabel.getStyleClass().removeAll("success", "danger");
        testResultLabel.getStyleClass().add(ok ? "success" : "danger");
    }
}
