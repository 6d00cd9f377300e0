// One label drawn from the same layout as the PDF (packages/domain labels.ts), as SVG in millimetres:
// the store settings' live preview (docs/scanning.md).
import { useMemo } from 'react';
import { Flex, Typography } from 'antd';
import { boxesInside, itemLink, layoutLabel, PT_MM, SAMPLE_LABEL_ITEM, storefrontLink, type LabelSettings } from '@backroom/domain';
import { code128Bars, qrRuns } from './draw-pdf-codes';

/** A preview the size of the label on screen at most `maxWidth` pixels wide. */
export default function LabelPreview({ settings, maxWidth = 360 }: { settings: LabelSettings; maxWidth?: number }) {
  const { width, height } = settings.labelSize;
  const valid = Number.isFinite(width) && Number.isFinite(height) && width >= 10 && height >= 10 && width <= 300 && height <= 300;
  const layout = useMemo(() => {
    if (!valid) return null;
    const item = { ...SAMPLE_LABEL_ITEM, shopifyId: settings.hasStorefront ? 'gid://shopify/ProductVariant/1' : null, storefrontHandle: settings.hasStorefront ? 'sample' : null };
    const targets = { item: itemLink(settings.linkOrigin, item.id), storefront: settings.hasStorefront ? storefrontLink(settings, item) : null };
    return layoutLabel(settings, item, targets);
  }, [settings, valid]);

  if (!layout) {
    return <Typography.Text type="secondary">Enter a width and height from 10 to 300 mm to see the label.</Typography.Text>;
  }
  // about 4 px per mm, within the space given
  const scale = Math.min(4, maxWidth / width);
  return (
    <Flex vertical gap={6} data-testid="label-preview">
      <svg
        role="img"
        aria-label={`Label preview, ${width} by ${height} mm`}
        viewBox={`0 0 ${width} ${height}`}
        width={width * scale}
        height={height * scale}
        style={{ background: '#fff', border: '1px solid #d9d9d9', borderRadius: 4, boxShadow: '0 1px 4px rgba(0,0,0,0.08)', maxWidth: '100%', height: 'auto' }}
      >
        {layout.boxes.map((box, i) => {
          switch (box.kind) {
            case 'text':
              return (
                <text
                  key={i}
                  x={box.align === 'center' ? box.x + box.w / 2 : box.x}
                  y={box.y}
                  fontSize={box.fontPt * PT_MM}
                  fontWeight={box.bold ? 700 : 400}
                  fontFamily="Helvetica, Arial, sans-serif"
                  textAnchor={box.align === 'center' ? 'middle' : 'start'}
                  dominantBaseline="hanging"
                  data-field={box.field}
                >
                  {box.lines.map((line, j) => (
                    <tspan key={j} x={box.align === 'center' ? box.x + box.w / 2 : box.x} dy={j === 0 ? 0 : box.fontPt * PT_MM * 1.18}>
                      {line}
                    </tspan>
                  ))}
                </text>
              );
            case 'qr': {
              const qr = qrRuns(box.text);
              const cell = box.size / (qr.size + 2);
              const d: string[] = [];
              for (let k = 0; k < qr.runs.length; k += 3) d.push(`M${box.x + (qr.runs[k + 1]! + 1) * cell} ${box.y + (qr.runs[k]! + 1) * cell}h${qr.runs[k + 2]! * cell}v${cell}h${-qr.runs[k + 2]! * cell}z`);
              return <path key={i} d={d.join('')} fill="#000" data-field={box.field} />;
            }
            case 'barcode': {
              const { total, bars } = code128Bars(box.text);
              const unit = box.w / (total + 12);
              const d: string[] = [];
              for (let k = 0; k < bars.length; k += 2) d.push(`M${box.x + (6 + bars[k]!) * unit} ${box.y}h${bars[k + 1]! * unit}v${box.h}h${-bars[k + 1]! * unit}z`);
              return <path key={i} d={d.join('')} fill="#000" data-field="barcode" />;
            }
            case 'logo':
              return settings.logo ? <image key={i} href={settings.logo} x={box.x} y={box.y} width={box.w} height={box.h} preserveAspectRatio="xMinYMid meet" /> : null;
          }
        })}
      </svg>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {width} x {height} mm, a sample item{boxesInside(layout) ? '' : ' (some fields do not fit)'}. The PDF is drawn from the same layout.
      </Typography.Text>
    </Flex>
  );
}
