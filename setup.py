"""The package list, found rather than written: every package under ``pycombat/``, and the two
folders at the top of the repository that ship inside it (``asp_rules/`` as ``pycombat.asp_rules``,
``examples/`` as ``pycombat.examples``; each of their subfolders is a package of data files). A new
game is its ``asp_rules/<game>/`` and ``pycombat/games/<game>/`` folders (and its examples); nothing
here names one. The rest of the metadata, and which data files ship, is in ``pyproject.toml``."""
from setuptools import find_namespace_packages, find_packages, setup

SHIPPED_FOLDERS = {"pycombat.asp_rules": "asp_rules", "pycombat.examples": "examples"}

packages = find_packages(include=["pycombat", "pycombat.*"])
for package, folder in SHIPPED_FOLDERS.items():
    packages += [package] + [f"{package}.{sub}" for sub in find_namespace_packages(folder, exclude=["__pycache__"])]

setup(packages=packages, package_dir=SHIPPED_FOLDERS)
