package dev.dynalens.ui.collections;

import javafx.scene.Node;
import javafx.scene.layout.Pane;

/**
 * Entity groups side by side, sharing the width they are given: as many to a row as fit at {@code minCellWidth}
 * each, every one of a row equally wide, the rest wrapping to further rows. The row never overflows the view to the
 * right; a group's table scrolls inside its cell instead.
 */
final class GroupRows extends Pane {
    private final double minCellWidth;
    private final double gap;

    GroupRows(double minCellWidth, double gap) {
        this.minCellWidth = minCellWidth;
        this.gap = gap;
    }

    /** Groups to a row at this width: as many as fit at their minimum, at least one, at most all. */
    int columns(double width) {
        var managed = getManagedChildren().size();
        var inner = width - snappedLeftInset() - snappedRightInset();
        var fit = (int) Math.floor((inner + gap) / (minCellWidth + gap));
        return Math.max(1, Math.min(Math.max(1, managed), fit));
    }

    private double cellWidth(double width, int columns) {
        var inner = width - snappedLeftInset() - snappedRightInset();
        return Math.max(minCellWidth, Math.floor((inner - gap * (columns - 1)) / columns));
    }

    @Override
    protected double computeMinWidth(double height) {
        return snappedLeftInset() + minCellWidth + snappedRightInset();
    }

    @Override
    protected double computePrefWidth(double height) {
        var width = snappedLeftInset() + snappedRightInset();
        var children = getManagedChildren();
        for (int i = 0; i < children.size(); i++) {
            width += Math.max(minCellWidth, children.get(i).prefWidth(-1)) + (i > 0 ? gap : 0);
        }
        return width;
    }

    @Override
    protected double computePrefHeight(double width) {
        var w = width < 0 ? computePrefWidth(-1) : width;
        var columns = columns(w);
        var cell = cellWidth(w, columns);
        var children = getManagedChildren();
        double height = snappedTopInset() + snappedBottomInset();
        for (int start = 0; start < children.size(); start += columns) {
            height += rowHeight(start, columns, cell) + (start > 0 ? gap : 0);
        }
        return height;
    }

    private double rowHeight(int start, int columns, double cell) {
        var children = getManagedChildren();
        double tallest = 0;
        for (int i = start; i < Math.min(children.size(), start + columns); i++) {
            tallest = Math.max(tallest, children.get(i).prefHeight(cell));
        }
        return tallest;
    }

    @Override
    protected void layoutChildren() {
        var columns = columns(getWidth());
        var cell = cellWidth(getWidth(), columns);
        var children = getManagedChildren();
        var y = snappedTopInset();
        for (int start = 0; start < children.size(); start += columns) {
            var height = rowHeight(start, columns, cell);
            var x = snappedLeftInset();
            for (int i = start; i < Math.min(children.size(), start + columns); i++) {
                Node child = children.get(i);
                child.resizeRelocate(x, y, cell, height);
                x += cell + gap;
            }
            y += height + gap;
        }
    }
}
