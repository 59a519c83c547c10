"""The floor of ``browser_latency.py``: marimo's cheapest round trip, one button updating one
text cell (served with ``marimo run`` next to ``notebooks/play.py`` in the same run)."""

from typing import Any

import marimo

__generated_with = "0.25.2"
app = marimo.App(app_title="latency floor")


@app.cell
def _() -> tuple[Any]:
    import marimo as mo

    return (mo,)


@app.cell
def _(mo: Any) -> tuple[Any]:
    button = mo.ui.button(value=0, on_click=lambda n: n + 1, label="Count")
    button  # noqa: B018 (the cell shows the button)
    return (button,)


@app.cell
def _(button: Any, mo: Any) -> None:
    mo.Html(f'<p class="floor-count">clicks: {button.value}</p>')
    return


if __name__ == "__main__":
    app.run()
