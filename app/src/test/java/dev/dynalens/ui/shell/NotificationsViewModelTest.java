package dev.dynalens.ui.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicBoolean;
import javafx.beans.property.SimpleBooleanProperty;
import org.junit.jupiter.api.Test;

class NotificationsViewModelTest {
    private final NotificationsViewModel model = new NotificationsViewModel();

    @Test
    void workThatEndsOutOfSight_notifies_workInSightDoesNot() {
        var running = new SimpleBooleanProperty(false);
        var visible = new AtomicBoolean(false);
        model.watch(running, visible::get, () -> new NotificationsViewModel.Note("Overview finished", "12 entities", false));
        running.set(true);
        assertThat(model.notes()).isEmpty();
        running.set(false);
        assertThat(model.notes()).extracting(NotificationsViewModel.Note::message).containsExactly("12 entities");
        visible.set(true);
        running.set(true);
        running.set(false);
        assertThat(model.notes()).hasSize(1);
    }

    @Test
    void notes_areNewestFirst_andLimited() {
        for (int n = 0; n < 6; n++) model.notify(new NotificationsViewModel.Note("t", "n" + n, false));
        assertThat(model.notes()).extracting(NotificationsViewModel.Note::message).containsExactly("n5", "n4", "n3", "n2");
        model.dismiss(model.notes().getFirst());
        assertThat(model.notes()).hasSize(3);
    }

    @Test
    void longWorkThatEnded_isANotice_whetherItsDialogIsOpenOrNot() {
        dev.dynalens.ui.common.WorkNotifier notifier = model;
        notifier.workEnded("Repair finished", "Repair of Posts: 58 updated, 2 skipped (changed), 0 failed", false);
        assertThat(model.notes()).containsExactly(new NotificationsViewModel.Note("Repair finished",
                "Repair of Posts: 58 updated, 2 skipped (changed), 0 failed", false));
    }
}
