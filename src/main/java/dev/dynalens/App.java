package dev.dynalens;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/** The JavaFX application and composition root of the GUI. */
public class App extends Application {

    public static void launchGui(String[] args) {
        Application.launch(App.class, args);
    }

    @Override
    public void start(Stage stage) {
        stage.setTitle("DynaLens");
        stage.setScene(new Scene(new Label("DynaLens"), 1280, 800));
        stage.show();
    }

    public static void main(String[] args) {
        launchGui(args);
    }
}
