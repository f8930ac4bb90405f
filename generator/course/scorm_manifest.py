"""``imsmanifest.xml`` for a SCORM 1.2 package: one organization, one SCO per lesson.

The manifest follows the IMS Content Packaging 1.1.2 schema with ADL's SCORM 1.2
extensions (``adlcp``):

- ``<metadata>`` names the schema ("ADL SCORM", "1.2");
- the default ``<organization>`` holds one ``<item>`` per lesson, in course order, pointing
  at its resource, with the pass mark as ``adlcp:masteryscore`` (a percent; scorm.js applies
  the same mark when it sets cmi.core.lesson_status);
- each ``<resource>`` is ``type="webcontent"`` and ``adlcp:scormtype="sco"``, launched at
  its lesson page, and lists every file that page loads, the page itself first.

No ``xsi:schemaLocation``: it would name schema files the package does not carry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from xml.etree import ElementTree as ET

IMSCP = "http://www.imsproject.org/xsd/imscp_rootv1p1p2"
ADLCP = "http://www.adlnet.org/xsd/adlcp_rootv1p2"
ET.register_namespace("", IMSCP)
ET.register_namespace("adlcp", ADLCP)

_NOT_NAME = re.compile(r"[^A-Za-z0-9_.-]+")


@dataclass(frozen=True)
class Sco:
    """One lesson as a shareable content object."""

    slug: str
    title: str
    launch: str
    files: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.files or self.files[0] != self.launch:
            raise ValueError(f"SCO {self.slug!r}: its files must start with the launch page {self.launch!r}")


def identifier(prefix: str, slug: str) -> str:
    """An XML ID (letters, digits, ``_ . -``, starting with a letter) for ``slug``."""
    return f"{prefix}-{_NOT_NAME.sub('-', slug).strip('-')}"


def _element(parent: ET.Element, tag: str, text: str | None = None, **attributes: str) -> ET.Element:
    child = ET.SubElement(parent, tag, attributes)
    child.text = text
    return child


def manifest_xml(course_id: str, course_title: str, scos: list[Sco], mastery_percent: int) -> str:
    """The text of ``imsmanifest.xml`` for ``scos`` in this order."""
    if not 0 <= mastery_percent <= 100:
        raise ValueError(f"the mastery score is a percent from 0 to 100, got {mastery_percent}")
    if len({sco.slug for sco in scos}) != len(scos):
        raise ValueError("two SCOs share a slug")
    cp, adl = f"{{{IMSCP}}}", f"{{{ADLCP}}}"
    manifest = ET.Element(
        f"{cp}manifest", {"identifier": identifier("manifest", course_id), "version": "1.2"}
    )
    metadata = _element(manifest, f"{cp}metadata")
    _element(metadata, f"{cp}schema", "ADL SCORM")
    _element(metadata, f"{cp}schemaversion", "1.2")
    organizations = _element(manifest, f"{cp}organizations", default=identifier("org", course_id))
    organization = _element(organizations, f"{cp}organization", identifier=identifier("org", course_id))
    _element(organization, f"{cp}title", course_title)
    resources = _element(manifest, f"{cp}resources")
    for sco in scos:
        item = _element(
            organization,
            f"{cp}item",
            identifier=identifier("item", sco.slug),
            identifierref=identifier("sco", sco.slug),
            isvisible="true",
        )
        _element(item, f"{cp}title", sco.title)
        _element(item, f"{adl}masteryscore", str(mastery_percent))
        resource = ET.SubElement(
            resources,
            f"{cp}resource",
            {
                "identifier": identifier("sco", sco.slug),
                "type": "webcontent",
                f"{adl}scormtype": "sco",
                "href": sco.launch,
            },
        )
        for path in sco.files:
            _element(resource, f"{cp}file", href=path)
    ET.indent(manifest)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(manifest, encoding="unicode") + "\n"
