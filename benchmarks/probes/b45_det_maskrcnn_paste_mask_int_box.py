# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch import Tensor


def expand_boxes(boxes: Tensor, scale: float) -> Tensor:
    w_half = (boxes[:, 2] - boxes[:, 0]) * 0.5
    h_half = (boxes[:, 3] - boxes[:, 1]) * 0.5
    x_c = (boxes[:, 2] + boxes[:, 0]) * 0.5
    y_c = (boxes[:, 3] + boxes[:, 1]) * 0.5
    w_half *= scale
    h_half *= scale
    return torch.stack([x_c - w_half, y_c - h_half, x_c + w_half, y_c + h_half], dim=1)


def paste_mask_in_image(mask: Tensor, box: Tensor, im_h: int, im_w: int) -> Tensor:
    TO_REMOVE = 1
    w = int(box[2] - box[0] + TO_REMOVE)
    h = int(box[3] - box[1] + TO_REMOVE)
    w = max(w, 1)
    h = max(h, 1)
    mask = mask.expand((1, 1, -1, -1))
    mask = F.interpolate(mask, size=(h, w), mode="bilinear", align_corners=False)[0][0]
    im_mask = torch.zeros((im_h, im_w), dtype=mask.dtype, device=mask.device)
    x_0 = max(box[0], 0)
    x_1 = min(box[2] + 1, im_w)
    y_0 = max(box[1], 0)
    y_1 = min(box[3] + 1, im_h)
    im_mask[y_0:y_1, x_0:x_1] = mask[(y_0 - box[1]):(y_1 - box[1]), (x_0 - box[0]):(x_1 - box[0])]
    return im_mask


def paste_masks_in_image(masks: Tensor, boxes: Tensor, img_shape, padding: int = 1) -> Tensor:
    scale = (masks.shape[-1] + 2 * padding) / masks.shape[-1]
    masks = F.pad(masks, (padding,) * 4)
    boxes = expand_boxes(boxes, scale).to(dtype=torch.int64)
    im_h, im_w = img_shape
    res = [paste_mask_in_image(m[0], b, im_h, im_w) for m, b in zip(masks, boxes)]
    return torch.stack(res, dim=0)[:, None]


class MaskHead(nn.Module):
    def __init__(self, in_ch=4, mask_size=6):
        super().__init__()
        self.mask_fcn = nn.Sequential(nn.Conv2d(in_ch, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 1, 1))
        self.mask_size = mask_size

    def forward(self, roi_feats, boxes, image):
        mask_logits = self.mask_fcn(roi_feats)
        mask_probs = mask_logits.sigmoid()
        return paste_masks_in_image(mask_probs, boxes, image.shape[-2:])


Model = MaskHead


def inputs():
    torch.manual_seed(4516)
    b1 = torch.tensor([[2.0, 3.0, 10.0, 12.0], [0.0, 0.0, 5.0, 6.0]])
    b2 = torch.tensor([[4.0, 1.0, 14.0, 7.0], [6.0, 6.0, 9.0, 15.0]])
    img = torch.zeros(3, 16, 16)
    return [(torch.randn(2, 4, 6, 6), b1, img), (torch.randn(2, 4, 6, 6), b2, img), (torch.randn(1, 4, 6, 6), b2[:1], torch.zeros(3, 12, 20))]
