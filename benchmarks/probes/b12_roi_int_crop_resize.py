import torch
import torch.nn.functional as F
from torch import Tensor, nn


def crop_and_resize(feat: Tensor, boxes: Tensor, out_size: int) -> Tensor:
    crops = []
    for box in boxes:
        x0, y0, x1, y1 = (int(v) for v in box)  # breaks: compile,export,trace
        patch = feat[:, :, y0 : max(y1, y0 + 1), x0 : max(x1, x0 + 1)]
        crops.append(
            F.interpolate(patch, size=(out_size, out_size), mode="bilinear", align_corners=False)
        )
    return torch.cat(crops, dim=0)


class MaskHead(nn.Module):
    def __init__(self, ch: int, out_size: int = 4):
        super().__init__()
        self.out_size = out_size
        self.conv = nn.Conv2d(ch, ch, 3, padding=1)
        self.logits = nn.Conv2d(ch, 1, 1)

    def forward(self, feat: Tensor, boxes: Tensor) -> Tensor:
        rois = crop_and_resize(feat, boxes, self.out_size)
        return self.logits(F.relu(self.conv(rois))).sigmoid()


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.backbone = nn.Conv2d(3, 4, 3, padding=1)
        self.mask_head = MaskHead(4)

    def forward(self, img: Tensor, boxes: Tensor) -> Tensor:
        return self.mask_head(self.backbone(img), boxes)


def inputs():
    return [
        (torch.randn(1, 3, 10, 10), torch.tensor([[0.0, 0.0, 5.0, 5.0], [2.0, 3.0, 9.0, 8.0]])),
        (torch.randn(1, 3, 10, 10), torch.tensor([[1.0, 1.0, 4.0, 9.0], [6.0, 0.0, 10.0, 3.0]])),
    ]
