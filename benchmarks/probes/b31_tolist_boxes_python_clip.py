import torch
import torch.nn as nn


def clip_box(box, w, h):
    x0, y0, x1, y1 = box
    return [max(0.0, x0), max(0.0, y0), min(float(w), x1), min(float(h), y1)]  # breaks: export


class RoiFeature(nn.Module):
    def __init__(self, img_w=32, img_h=24):
        super().__init__()
        self.img_w, self.img_h = img_w, img_h
        self.embed = nn.Linear(4, 8)

    def forward(self, boxes):
        clipped = [clip_box(b, self.img_w, self.img_h) for b in boxes.tolist()]  # breaks: compile,trace
        return self.embed(torch.tensor(clipped, dtype=boxes.dtype))


Model = RoiFeature


def inputs():
    torch.manual_seed(67)
    return [(torch.randn(3, 4) * 30,), (torch.randn(3, 4) * 30 + 5,)]
