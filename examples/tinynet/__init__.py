"""A small image classifier, written the way research code often is."""

from tinynet.model import Classifier

__all__ = ["Classifier"]
