"""The one HTML reader of the tests (selectolax's lexbor), and a lab's slots in a form
that a browser's DOM gives alike: attributes, text, and the tags and attributes of
everything inside, an input's tick and text as the page holds them. Markup written by Python
and the page a browser shows after an update then compare."""

from __future__ import annotations

from typing import Any

from selectolax.lexbor import LexborHTMLParser, LexborNode

# The same form, read in the browser (page.evaluate) from a live element.
SLOT_FORM_JS = """(element) => {
  const attrs = (node) => {
    const found = Object.fromEntries(Array.from(node.attributes, (a) => [a.name, a.value]));
    if (node.tagName === 'INPUT') {
      // A box's tick and a field's text are properties once a person (or the lab) changes them.
      delete found.checked;
      if (node.checked) found.checked = '';
      if ('value' in found) found.value = node.value;
    }
    return found;
  };
  const inner = Array.from(element.querySelectorAll('*'))
    .filter((node) => !node.closest('template'))
    .map((node) => [node.tagName.toLowerCase(), attrs(node)]);
  return { attrs: attrs(element), text: element.textContent.replace(/\\s+/g, ''), inner };
}"""


def parse(html: str) -> LexborHTMLParser:
    return LexborHTMLParser(html)


def slot_form(node: LexborNode) -> dict[str, Any]:
    """A slot as attributes, its text (white space collapsed) and its inner elements."""
    inner = [
        [child.tag, _attrs(child)]
        for child in node.css("*")
        if child.mem_id != node.mem_id and child.tag != "template"
    ]
    text = "".join((node.text(deep=True) or "").split())
    return {"attrs": _attrs(node), "text": text, "inner": inner}


def attributes(node: LexborNode) -> dict[str, str]:
    """An element's attributes, a bare one (``hidden``) as the empty string the DOM gives."""
    return {name: value or "" for name, value in node.attributes.items()}


_attrs = attributes
