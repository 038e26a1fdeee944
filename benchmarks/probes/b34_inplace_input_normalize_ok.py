import torch
import torch.nn as nn


class ImageStem(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("mean", torch.tensor([0.485, 0.456, 0.406]).view(1, 3, 1, 1))
        self.register_buffer("std", torch.tensor([0.229, 0.224, 0.225]).view(1, 3, 1, 1))
        self.conv = nn.Conv2d(3, 4, 3, padding=1)

    def forward(self, img):
        img.sub_(self.mean).div_(self.std)
        return self.conv(img)


Model = ImageStem


def inputs():
    torch.manual_seed(3424)
    return [(torch.rand(1, 3, 8, 8),), (torch.rand(2, 3, 6, 6),)]
