"""The browser harness itself, checked with a tiny counter widget defined inline in the notebook.

These run without the package's widget, so a failure here points at the harness (server, browser, kernel link),
not at the board.
"""

from __future__ import annotations

import pytest

import solitaire_widget

from .lab import KernelError

pytestmark = pytest.mark.browser

COUNTER = '''
import anywidget, traitlets

class Counter(anywidget.AnyWidget):
    _esm = """
    export default {
      render({ model, el }) {
        const button = document.createElement("button");
        button.className = "sw-test-counter";
        const show = () => { button.textContent = `count ${model.get("value")}`; };
        button.addEventListener("click", () => { model.set("value", model.get("value") + 1); model.save_changes(); });
        button.addEventListener("dblclick", () => console.error("counter: double-click is not allowed"));
        model.on("change:value", show);
        show();
        el.appendChild(button);
      }
    };
    """
    value = traitlets.Int(0).tag(sync=True)

counter = Counter()
counter
'''


def test_counter_round_trip(open_notebook):
    lab = open_notebook([COUNTER])
    lab.run_cell(0)
    button = lab.cell(0).locator("button.sw-test-counter")
    button.wait_for()
    assert button.inner_text() == "count 0"

    for _ in range(3):
        button.click()
    # The view saves each click; wait for the kernel to have all three.
    lab.page.wait_for_function("() => document.querySelector('button.sw-test-counter').textContent === 'count 3'")
    assert lab.wait_for_kernel("counter.value", lambda value: value == 3) == 3

    lab.kernel_exec("counter.value = 41")
    lab.page.wait_for_function("() => document.querySelector('button.sw-test-counter').textContent === 'count 41'")


def test_kernel_helpers_report_what_they_saw(open_notebook):
    lab = open_notebook(["x = {'a': [1, 2]}"])
    lab.run_cell(0)
    assert lab.kernel_eval("x") == {"a": [1, 2]}
    # The notebook's kernel runs the package under test, from the same environment as the tests.
    assert lab.kernel_eval("__import__('solitaire_widget').__file__") == solitaire_widget.__file__
    assert lab.kernel_exec("print('hello')") == "hello\n"
    with pytest.raises(KernelError, match="ZeroDivisionError"):
        lab.kernel_exec("1 / 0")
    # Kernel calls add no cell to the notebook.
    assert lab.cell_count() == 1
    index = lab.append_and_run("y = x['a'][1] * 10")
    assert index == 1 and lab.cell_count() == 2
    assert lab.kernel_eval("y") == 20


def test_a_failing_cell_is_reported(open_notebook):
    lab = open_notebook(["raise RuntimeError('boom in a cell')"])
    with pytest.raises(KernelError, match="boom in a cell"):
        lab.run_cell(0)


def test_console_errors_are_collected(open_notebook):
    lab = open_notebook([COUNTER])
    lab.run_cell(0)
    button = lab.cell(0).locator("button.sw-test-counter")
    mark = lab.console.mark()
    with lab.page.expect_console_message(lambda message: message.type == "error"):
        button.dblclick()
    errors = lab.console.errors(mark)
    with pytest.raises(AssertionError, match="double-click is not allowed"):
        lab.assert_no_console_errors(mark)
    assert errors
    lab.console.take(mark)  # expected on purpose; do not fail the test at teardown


def test_run_all_and_error_outputs(open_notebook):
    lab = open_notebook([
        "import sys, warnings\nprint('to stderr', file=sys.stderr)\nwarnings.warn('only a warning')",
        "value = 6 * 7",
        "raise KeyError('second cell fails')",
        "never = 1",
    ])
    lab.run_all_cells()
    errors = lab.error_outputs()
    assert len(errors) == 1 and "KeyError" in errors[0] and errors[0].startswith("cell 2:"), errors
    assert lab.kernel_eval("value") == 42
    # Whether the cell after the failing one runs is up to the kernel, not to Lab: ipykernel cancels only the
    # requests that reach it within `stop_on_error_timeout` of the error, so on a loaded machine it may run.


def test_cells_not_run_are_listed(open_notebook):
    lab = open_notebook(["first = 1", "second = 2", "   ", "fourth = 4"])
    lab.run_cell(1)
    # Blank cells have nothing to run, so they are never listed.
    assert lab.code_cells_not_run() == [0, 3]
    lab.run_cell(3)
    assert lab.code_cells_not_run() == [0]
