import { useRef, useState } from 'react';
import { Button, Carousel, ConfigProvider, Flex, Typography } from 'antd';
import type { CarouselRef } from 'antd/es/carousel';
import { AppstoreAddOutlined, CarOutlined, WalletOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { PublicLayout } from '../../app/layouts/PublicLayout';

// Spec 2: the consigner onboarding carousel.
const SLIDES = [
  { text: 'Add all the items you want to consign', icon: <AppstoreAddOutlined />, color: '#1f5fae' },
  { text: 'After approval you need to drop off or ship items into the store', icon: <CarOutlined />, color: '#13a8a8' },
  { text: 'Keep track of sales and get paid instantly within the platform', icon: <WalletOutlined />, color: '#f5a623' },
];

export default function SignupSplashPage() {
  const carousel = useRef<CarouselRef>(null);
  const [current, setCurrent] = useState(0);
  const navigate = useNavigate();

  const next = () => {
    if (current >= SLIDES.length - 1) navigate('/', { replace: true });
    else carousel.current?.next();
  };

  return (
    <PublicLayout title="Welcome aboard!" documentTitle="Welcome" width={520}>
      <div className="br-carousel" style={{ marginBottom: 40 }}>
        {/* antd draws the dots in colorBgContainer (made for photos); ours sit on white. */}
        <ConfigProvider theme={{ components: { Carousel: { colorBgContainer: '#1f5fae', dotWidth: 20, dotActiveWidth: 32, dotHeight: 6 } } }}>
        <Carousel ref={carousel} beforeChange={(_, next) => setCurrent(next)} infinite={false} dots>
          {SLIDES.map((slide, index) => (
            <div key={slide.text}>
              <Flex vertical align="center" gap={20} style={{ padding: '12px 8px 8px', minHeight: 240 }} data-testid={`slide-${index + 1}`}>
                <div
                  style={{
                    width: 120,
                    height: 120,
                    borderRadius: '50%',
                    display: 'grid',
                    placeItems: 'center',
                    fontSize: 52,
                    color: slide.color,
                    background: `${slide.color}1a`,
                  }}
                >
                  {slide.icon}
                </div>
                <Typography.Title level={4} style={{ textAlign: 'center', margin: 0, maxWidth: 380 }}>
                  {slide.text}
                </Typography.Title>
                <Typography.Text type="secondary">
                  Step {index + 1} of {SLIDES.length}
                </Typography.Text>
              </Flex>
            </div>
          ))}
        </Carousel>
        </ConfigProvider>
      </div>
      <Button type="primary" size="large" block onClick={next}>
        Next
      </Button>
    </PublicLayout>
  );
}
