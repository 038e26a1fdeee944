# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn


class ImageClassifier(nn.Module):
    def __init__(self, classes: int = 4):
        super().__init__()
        self.conv = nn.Conv2d(3, 6, 3, padding=1)
        self.head = nn.Linear(6, classes)

    def __call__(self, images, *args, **kwargs):
        # uint8-style pixel range in, normalised floats to the network
        images = images.float() / 255.0
        return super().__call__(images, *args, **kwargs)

    def forward(self, x):
        x = torch.relu(self.conv(x))
        return self.head(x.mean(dim=(2, 3)))


Model = ImageClassifier


def inputs():
    torch.manual_seed(2302)
    return [
        (torch.randint(0, 256, (2, 3, 8, 8)).float(),),
        (torch.randint(0, 256, (1, 3, 6, 10)).float(),),
    ]
