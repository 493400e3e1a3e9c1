import { ImageResponse } from 'next/og';
import { siteConfig } from '@/config/site';

// Rendered once at build time and served as a static file.
export const dynamic = 'force-static';

export function GET() {
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        padding: 72,
        background: 'linear-gradient(135deg, #321b6b 0%, #6b3fd4 100%)',
        color: '#ffffff',
      }}
    >
      <div
        style={{ display: 'flex', alignItems: 'center', gap: 20, fontSize: 40, fontWeight: 700 }}
      >
        <div
          style={{
            width: 64,
            height: 64,
            borderRadius: 16,
            background: '#ffffff',
            display: 'flex',
          }}
        />
        {siteConfig.brandName}
      </div>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 20 }}>
        <div style={{ fontSize: 72, fontWeight: 800, lineHeight: 1.05 }}>
          Answer every lead in seconds, 24/7.
        </div>
        <div style={{ fontSize: 32, opacity: 0.9 }}>
          AI voice agents, chatbots, scheduling, email &amp; SMS and CRM automation
        </div>
      </div>
    </div>,
    { width: 1200, height: 630 },
  );
}
